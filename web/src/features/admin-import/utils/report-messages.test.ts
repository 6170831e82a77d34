// The import's report and errors in the interface language: one sample of every text the server
// sends (src/import/*.cpp, src/store/site_archive_store.cpp, src/api/import_api.cpp) and its Czech.
import { describe, expect, it } from 'vitest';

import { importTexts } from '@/lib/i18n/import-texts';

import {
  IMPORT_MESSAGE_TEMPLATES,
  importMessageTemplate,
  translateImportMessage,
  translateNotImportedKind,
} from './report-messages';

const { en, cs } = importTexts;

const OLD = 'https://old.example.com/wp-content/uploads/2020/01';

// [what the server sends, what a Czech interface shows]
const formats: [string, string][] = [
  ['WordPress export (WXR 1.2)', 'Export z WordPressu (WXR 1.2)'],
  ['Ghost export (5.82.0)', 'Export z Ghostu (5.82.0)'],
  ['PayTech Blog export (version 1)', 'Export z PayTech Blogu (verze 1)'],
];

const problems: [string, string][] = [
  [
    'post card-mix (id 5f1): 1 card(s) shown only to members or only in e-mails: left out',
    'Příspěvek card-mix (id 5f1): 1 karta zobrazovaná jen členům nebo jen v e-mailech: vynechána',
  ],
  [
    'post card-mix (id 5f1): 3 card(s) shown only to members or only in e-mails: left out',
    'Příspěvek card-mix (id 5f1): 3 karty zobrazované jen členům nebo jen v e-mailech: vynechány',
  ],
  [
    'post card-mix (id 5f1): 2 card(s) of a kind this blog does not know (unknown-card, poll): left out',
    'Příspěvek card-mix (id 5f1): 2 karty druhu, který tento blog nezná (unknown-card, poll): vynechány',
  ],
  [
    'post card-mix (id 5f1): 5 link(s) to an address that is not http(s), mailto or relative: left out, their text kept',
    'Příspěvek card-mix (id 5f1): 5 odkazů na adresy, které nejsou http(s), mailto ani relativní: vynecháno, jejich text ponechán',
  ],
  [
    'post card-mix (id 5f1): 1 part(s) of its mobiledoc document could not be read: left out',
    'Příspěvek card-mix (id 5f1): 1 část jeho dokumentu mobiledoc nešla přečíst: vynechána',
  ],
  [
    'post card-mix (id 5f1): its lexical document nests deeper than 64 levels: what is deeper was left out',
    'Příspěvek card-mix (id 5f1): jeho dokument lexical je zanořen hlouběji než 64 úrovní: co je hlouběji, bylo vynecháno',
  ],
  [
    'post card-mix (id 5f1): its lexical document could not be read (not JSON at byte 1)',
    'Příspěvek card-mix (id 5f1): jeho dokument lexical nešel přečíst (na bajtu 1 není JSON)',
  ],
  [
    'post card-mix (id 5f1): its lexical document could not be read (not JSON at byte 1): imported unpublished, with a line saying so',
    'Příspěvek card-mix (id 5f1): jeho dokument lexical nešel přečíst (na bajtu 1 není JSON): importováno jako nepublikované, s poznámkou o tom',
  ],
  [
    'post card-mix (id 5f1): its mobiledoc document could not be read (not a mobiledoc document)',
    'Příspěvek card-mix (id 5f1): jeho dokument mobiledoc nešel přečíst (není to dokument mobiledoc)',
  ],
  [
    'post card-mix (id 5f1): its lexical document could not be read (not a lexical document): imported unpublished, with a line saying so',
    'Příspěvek card-mix (id 5f1): jeho dokument lexical nešel přečíst (není to dokument lexical): importováno jako nepublikované, s poznámkou o tom',
  ],
  [
    'item 7 (line 120): category "AI" cannot be one here (Category name must be at least 3 characters): filed under Uncategorized',
    'Položka 7 (řádek 120): „AI“ tu nemůže být kategorií (Název kategorie musí mít alespoň 3 znaky): zařazeno do Uncategorized',
  ],
  [
    'item 8 (line 130): category "Payments, cards, wallets and everything around them" cut to 50 characters: Payments, cards, wallets and everything around th',
    'Položka 8 (řádek 130): kategorie „Payments, cards, wallets and everything around them“ zkrácena na 50 znaků: Payments, cards, wallets and everything around th',
  ],
  [
    'item 9 (line 140): no text on the old site: imported unpublished, with a line saying so',
    'Položka 9 (řádek 140): na původním webu bez textu: importováno jako nepublikované, s poznámkou o tom',
  ],
  [
    'item 10 (line 150): 2 image(s) embedded in the text as data: left out (no file to store)',
    'Položka 10 (řádek 150): 2 obrázky vložené do textu jako data: vynechány (nejsou soubory k uložení)',
  ],
  [
    'post mailed (id 5): sent by e-mail only on Ghost, never on the site: imported unpublished',
    'Příspěvek mailed (id 5): na Ghostu odesláno jen e-mailem, nikdy na webu: importováno jako nepublikované',
  ],
  [
    'item 11 (line 160): its date "2024-02-30 25:61:00" is not a date: dated the time of the import',
    'Položka 11 (řádek 160): datum „2024-02-30 25:61:00“ není datum: použit čas importu',
  ],
  [
    'item 2 (line 3): its old address /first/ already leads to /post/first: left so',
    'Položka 2 (řádek 3): jeho stará adresa /first/ už vede na /post/first: ponecháno tak',
  ],
  [
    'Author evil has no valid e-mail address (not-an-email): their posts go to the administrator',
    'Autor evil nemá platnou e-mailovou adresu (not-an-email): jeho příspěvky připadnou administrátorovi',
  ],
  [
    'Author Jan Novák is the account jan-novak (a username has 3 to 50 letters, digits, dots, underscores or hyphens)',
    'Autor Jan Novák má účet jan-novak (uživatelské jméno má 3 až 50 písmen, číslic, teček, podtržítek nebo pomlček)',
  ],
  [
    '1 translation link(s) of the export not kept: a translation links two posts of different languages, each naming the other',
    '1 propojení překladů z exportu nebylo zachováno: překlad propojuje dva příspěvky v různých jazycích, z nichž každý odkazuje na druhý',
  ],
  [
    'Administrator helper <helper@example.com> created from the export: whoever holds that address can set its password with "Forgot password"; delete the account if it is not someone you expect',
    'Administrátor helper <helper@example.com> vytvořen z exportu: kdo má tuto adresu, nastaví si heslo přes „Zapomněli jste heslo?“; pokud to není nikdo, koho čekáte, účet smažte',
  ],
  [
    'Translation group pll_5f3a (items 12 and 13) not linked: A translation must be in the other language',
    'Skupina překladů pll_5f3a (položky 12 a 13) nebyla propojena: Překlad musí být v druhém jazyce',
  ],
  [
    'Translation group pll_77: its description is not readable',
    'Skupina překladů pll_77: její popis nelze přečíst',
  ],
  [
    'Author jana.novak could not be created: their posts go to the administrator',
    'Autora jana.novak se nepodařilo vytvořit: jeho příspěvky připadnou administrátorovi',
  ],
  [
    `Image ${OLD}/a.png not stored: no account to own it`,
    `Obrázek ${OLD}/a.png nebyl uložen: chybí účet, kterému by patřil`,
  ],
  [
    `Image ${OLD}/b.jpg not stored: /srv/media/2020/01/b.jpg cannot be read`,
    `Obrázek ${OLD}/b.jpg nebyl uložen: /srv/media/2020/01/b.jpg nelze přečíst`,
  ],
  [
    'Image https://cdn.example.net/c.gif not stored: not an upload of the old site',
    'Obrázek https://cdn.example.net/c.gif nebyl uložen: nejde o soubor nahraný na starý web',
  ],
  [
    `Image ${OLD}/big.png not stored: Image must be less than 5MB`,
    `Obrázek ${OLD}/big.png nebyl uložen: Obrázek musí být menší než 5 MB`,
  ],
  [
    `Image ${OLD}/doc.pdf not stored: Please select a valid image file (JPEG, PNG, GIF, WEBP)`,
    `Obrázek ${OLD}/doc.pdf nebyl uložen: Vyberte prosím platný obrázek (JPEG, PNG, GIF, WEBP)`,
  ],
  [
    `Image ${OLD}/huge.png not stored: Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)`,
    `Obrázek ${OLD}/huge.png nebyl uložen: Obrázek má příliš velké rozměry (nejvýše 12000 pixelů na stranu a 40 megapixelů)`,
  ],
  [
    `Image ${OLD}/d.png not stored: Too many images are being processed right now. Please try again in a moment.`,
    `Obrázek ${OLD}/d.png nebyl uložen: Právě se zpracovává příliš mnoho obrázků. Zkuste to prosím za chvíli.`,
  ],
  [
    "Image https://cdn.other.net/x.png not fetched: cdn.other.net is not the exported site's host (only it and --media-from's are fetched from)",
    'Obrázek https://cdn.other.net/x.png nebyl stažen: cdn.other.net není hostitel exportovaného webu (stahuje se jen z něj a z hostitele --media-from)',
  ],
  [
    'Image data:image/png;base64,iVBORw0KGgo= not fetched: not an http(s) address',
    'Obrázek data:image/png;base64,iVBORw0KGgo= nebyl stažen: nejde o adresu http(s)',
  ],
  [
    'Image /wp-content/uploads/e.png not fetched: the export names no site to fetch it from (give --media-from URL)',
    'Obrázek /wp-content/uploads/e.png nebyl stažen: export neuvádí web, ze kterého ho stáhnout (zadejte --media-from URL)',
  ],
  [
    `Image ${OLD}/f.png not fetched: timed out`,
    `Obrázek ${OLD}/f.png nebyl stažen: vypršel časový limit`,
  ],
  [
    'Image /g.png not fetched: https://old.example.com/g.png answered 404',
    'Obrázek /g.png nebyl stažen: https://old.example.com/g.png server odpověděl 404',
  ],
  [
    `Image ${OLD}/h.png not fetched: answered 301 (redirects are not followed)`,
    `Obrázek ${OLD}/h.png nebyl stažen: server odpověděl 301 (přesměrování se nenásledují)`,
  ],
  [
    `Image ${OLD}/i.png not fetched: larger than 5 MB`,
    `Obrázek ${OLD}/i.png nebyl stažen: větší než 5 MB`,
  ],
  [
    'Image https://intranet.example.com/j.png not fetched: its address is in a private network (not fetched for an uploaded file)',
    'Obrázek https://intranet.example.com/j.png nebyl stažen: jeho adresa je v privátní síti (pro nahraný soubor se nestahuje)',
  ],
  [
    `Image ${OLD}/k.png not fetched: libcurl could not start a transfer`,
    `Obrázek ${OLD}/k.png nebyl stažen: libcurl nemohl zahájit přenos`,
  ],
  [
    'item 44 (line 310): the slug hello is taken, imported as hello-cs',
    'Položka 44 (řádek 310): adresa hello je obsazená, importováno jako hello-cs',
  ],
  [
    'post hello-world (id 5f1a2b): the slug hello-world is taken, imported as hello-world-en-2',
    'Příspěvek hello-world (id 5f1a2b): adresa hello-world je obsazená, importováno jako hello-world-en-2',
  ],
  [
    'item 7 (line 88): shortcodes removed: [gallery], [contact-form-7]',
    'Položka 7 (řádek 88): odstraněné shortcody: [gallery], [contact-form-7]',
  ],
  [
    'item 9 (line 120): password-protected, imported unpublished',
    'Položka 9 (řádek 120): chráněno heslem, importováno jako nepublikované',
  ],
  [
    'post members-news (id 12): visible to paid members only on Ghost, imported unpublished',
    'Příspěvek members-news (id 12): na Ghostu viditelné jen pro členy typu paid, importováno jako nepublikované',
  ],
  [
    '__GHOST_URL__ made root-relative: give --media-from https://old-site to keep it absolute',
    '__GHOST_URL__ nahrazeno adresami od kořene webu: aby zůstaly absolutní, zadejte --media-from https://old-site',
  ],
  [
    '1 post(s) of the export name an author it does not have: imported without one',
    '1 příspěvek exportu uvádí autora, kterého export nemá: importován bez autora',
  ],
  [
    '2 post(s) of the export name an author it does not have: imported without one',
    '2 příspěvky exportu uvádějí autora, kterého export nemá: importovány bez autora',
  ],
  [
    '12 post(s) of the export name an author it does not have: imported without one',
    '12 příspěvků exportu uvádí autora, kterého export nemá: importováno bez autora',
  ],
  [
    '1 account(s) of the export already existed here (same e-mail or username) and keep their own password',
    '1 účet z exportu už tu existoval (stejný e-mail nebo uživatelské jméno) a ponechává si vlastní heslo',
  ],
  [
    '3 account(s) of the export already existed here (same e-mail or username) and keep their own password',
    '3 účty z exportu už tu existovaly (stejný e-mail nebo uživatelské jméno) a ponechávají si vlastní heslo',
  ],
  [
    '7 account(s) of the export already existed here (same e-mail or username) and keep their own password',
    '7 účtů z exportu už tu existovalo (stejný e-mail nebo uživatelské jméno) a ponechává si vlastní heslo',
  ],
  [
    '1 account(s) were created without a password: each sets one with "Forgot password"',
    '1 účet byl vytvořen bez hesla: heslo si nastaví přes „Zapomněli jste heslo?“',
  ],
  [
    '2 account(s) were created without a password: each sets one with "Forgot password"',
    '2 účty byly vytvořeny bez hesla: každý si heslo nastaví přes „Zapomněli jste heslo?“',
  ],
  [
    '12 account(s) were created without a password: each sets one with "Forgot password"',
    '12 účtů bylo vytvořeno bez hesla: každý si heslo nastaví přes „Zapomněli jste heslo?“',
  ],
];

// A skipped item's reason, and the post rules' refusals it may carry (joined by "; ").
const skipReasons: [string, string][] = [
  [
    'a username has 3 to 50 letters, digits, dots, underscores or hyphens',
    'uživatelské jméno má 3 až 50 písmen, číslic, teček, podtržítek nebo pomlček',
  ],
  ['its e-mail address is not one', 'jeho e-mailová adresa není platná'],
  [
    'role owner: an account is a user or an admin',
    'role owner: účet je uživatel (user), nebo správce (admin)',
  ],
  [
    'approval waiting: pending, approved or rejected',
    'schválení waiting: pending, approved nebo rejected',
  ],
  ['hidden by an administrator, yet published', 'skrytý správcem, a přesto publikovaný'],
  [
    'newsletter soon: none, pending, off, skipped or sent',
    'newsletter soon: none, pending, off, skipped nebo sent',
  ],
  ['title must be text', 'title musí být text'],
  ['published must be true or false', 'published musí být true, nebo false'],
  ['author_id must be a number', 'author_id musí být číslo'],
  ['language de', 'jazyk de'],
  [
    'no language: the export names none (give --language en or cs)',
    'bez jazyka: export žádný neuvádí (zadejte --language en nebo cs)',
  ],
  ['status trash', 'stav trash'],
  [
    'no wp:post_id (a number) to remember it by',
    'chybí wp:post_id (číslo), podle kterého by se položka zapamatovala',
  ],
  [
    'no id to remember it by (nothing tells it from the other items)',
    'chybí id, podle kterého by se položka zapamatovala (nic ji neodlišuje od ostatních)',
  ],
  [
    'Title must be at most 200 characters; Slug may contain only lowercase letters, digits and hyphens',
    'Název může mít nejvýše 200 znaků; Adresa smí obsahovat jen malá písmena, číslice a pomlčky',
  ],
  ['Title is required', 'Název je povinný'],
  ['Title must be at most 200 characters', 'Název může mít nejvýše 200 znaků'],
  [
    'Slug may contain only lowercase letters, digits and hyphens',
    'Adresa smí obsahovat jen malá písmena, číslice a pomlčky',
  ],
  ['A translation must be in the other language', 'Překlad musí být v druhém jazyce'],
  ['Content is required', 'Obsah je povinný'],
  ['Content is too long', 'Obsah je příliš dlouhý'],
  ['Category is required', 'Kategorie je povinná'],
  ['Category is too long', 'Kategorie je příliš dlouhá'],
  ['Please choose a category from the list', 'Vyberte prosím kategorii ze seznamu'],
  ['Language must be en or cs', 'Jazyk musí být en nebo cs'],
  ['Excerpt must be at most 500 characters', 'Perex může mít nejvýše 500 znaků'],
  [
    'Cover image must be an uploaded image or an http(s) URL',
    'Úvodní obrázek musí být nahraný obrázek nebo adresa http(s)',
  ],
  [
    'Images must be uploaded, not embedded in the text. Insert the image again to upload it.',
    'Obrázky je třeba nahrát, ne vložit do textu. Vložte obrázek znovu, aby se nahrál.',
  ],
  [
    'Publication date must be an ISO 8601 date and time',
    'Datum publikace musí být datum a čas ve formátu ISO 8601',
  ],
  ['Title contains characters that are not allowed', 'Název obsahuje nepovolené znaky'],
  ['Slug contains characters that are not allowed', 'Adresa obsahuje nepovolené znaky'],
  ['Excerpt contains characters that are not allowed', 'Perex obsahuje nepovolené znaky'],
  ['Category contains characters that are not allowed', 'Kategorie obsahuje nepovolené znaky'],
  [
    'Cover image contains characters that are not allowed',
    'Úvodní obrázek obsahuje nepovolené znaky',
  ],
  [
    'Category name contains characters that are not allowed',
    'Název kategorie obsahuje nepovolené znaky',
  ],
  ['Category name must be at least 3 characters', 'Název kategorie musí mít alespoň 3 znaky'],
  ['Category name must be at most 50 characters', 'Název kategorie může mít nejvýše 50 znaků'],
  ['A post with this slug already exists', 'Příspěvek s touto adresou již existuje'],
  [
    'The post to link as a translation was not found',
    'Příspěvek, který se měl propojit jako překlad, nebyl nalezen',
  ],
  [
    'You can only link your own posts as translations',
    'Jako překlady můžete propojit jen své vlastní příspěvky',
  ],
  [
    'That post is already linked to another translation',
    'Tento příspěvek je už propojen s jiným překladem',
  ],
  ['The post imported before is gone', 'Dříve importovaný příspěvek už neexistuje'],
  ['Invalid input', 'Neplatný vstup'],
];

// A failed import's error (the job's `error`).
const jobErrors: [string, string][] = [
  ['The export has two accounts with the id 1', 'Export má dva účty s id 1'],
  [
    'The export has two accounts with the e-mail or username of bob',
    'Export má dva účty s e-mailem nebo uživatelským jménem účtu bob',
  ],
  [
    'The export\'s posts has a row whose updated_at "yesterday" is not a date and time (ISO 8601)',
    'Seznam posts v exportu má řádek, jehož updated_at „yesterday“ není datum a čas (ISO 8601)',
  ],
  [
    "The export's content.json has a NUL character in a row of glossary",
    'Soubor content.json v exportu má v řádku seznamu glossary znak NUL',
  ],
  [
    'The export\'s category "fintech" is the category "Fintech" already',
    'Kategorie „fintech“ z exportu už je kategorií „Fintech“',
  ],
  ['The export has two redirects from /old/', 'Export má dvě přesměrování z /old/'],
  [
    "The export's post hello (id 3) is not valid here (author_id must be a number)",
    'Příspěvek hello (id 3) z exportu tu není platný (author_id musí být číslo)',
  ],
  [
    'The file is not well-formed XML: line 10, column 11: byte 0xDA is not UTF-8 text: is the file in another encoding? Name it in the XML declaration, or save the export as UTF-8',
    'Soubor není správně utvořené XML: řádek 10, sloupec 11: bajt 0xDA není text v kódování UTF-8: není soubor v jiném kódování? Uveďte ho v deklaraci XML, nebo export uložte v UTF-8',
  ],
  [
    'The blog has no administrator yet: create one first (blogctl first-run or blogctl create-admin), or give --author',
    'Blog zatím nemá administrátora: nejdřív ho vytvořte (blogctl first-run nebo blogctl create-admin), nebo zadejte --author',
  ],
  [
    'The JSON would take more than 140 MB of memory to read, far more than a Ghost export of its size: not a Ghost export (a JSON bomb?)',
    'Načtení JSON by zabralo víc než 140 MB paměti, mnohem víc než export z Ghostu této velikosti: nejde o export z Ghostu (JSON bomba?)',
  ],
  [
    'The export unpacks to more than 262 MB, far more than a .tar.gz of its size holds: not a PayTech Blog export (a gzip bomb?)',
    'Export se rozbalí na víc než 262 MB, mnohem víc, než .tar.gz této velikosti obsahuje: nejde o export z PayTech Blogu (gzip bomba?)',
  ],
  [
    "The export's site settings are not valid here (heroBackgroundColor: Must be a valid hex color (e.g. #1e293b)): nothing was imported",
    'Nastavení webu v exportu tu nejsou platná (heroBackgroundColor: Must be a valid hex color (e.g. #1e293b)): nic nebylo importováno',
  ],
  [
    "The export's site settings have a hero_image that is not text",
    'Nastavení webu v exportu mají hero_image, které není text',
  ],
  [
    'Another import is running on this blog: wait for it to end, then import again',
    'Na tomto blogu právě běží jiný import: počkejte, až skončí, a pak importujte znovu',
  ],
  ['Cannot read /var/lib/blogd/import-9', 'Soubor /var/lib/blogd/import-9 nelze přečíst'],
  [
    '/home/jana/export is a folder, not an export file',
    '/home/jana/export je složka, ne soubor exportu',
  ],
  [
    'The file is in Shift_JIS, which is not read here: save the export as UTF-8 (WordPress writes UTF-8; windows-1250, windows-1252, ISO-8859-1, ISO-8859-2, ISO-8859-15 and UTF-16 are read too)',
    'Soubor je v kódování Shift_JIS, které se tu nečte: uložte export v UTF-8 (WordPress zapisuje UTF-8; čte se také windows-1250, windows-1252, ISO-8859-1, ISO-8859-2, ISO-8859-15 a UTF-16)',
  ],
  [
    "The file's document type declaration declares attributes ('item'): refused",
    'Deklarace typu dokumentu v souboru deklaruje atributy („item“): odmítnuto',
  ],
  [
    "The file's document type declaration refers to parameter entities ('outside'): refused",
    'Deklarace typu dokumentu v souboru odkazuje na parametrické entity („outside“): odmítnuto',
  ],
  [
    "The file's document type declaration refers to entities it does not declare ('euro'): refused",
    'Deklarace typu dokumentu v souboru odkazuje na entity, které nedeklaruje („euro“): odmítnuto',
  ],
  [
    '--media-from takes a folder or an http(s) address',
    '--media-from očekává složku nebo adresu http(s)',
  ],
  [
    'No account petr (--author takes a username or e-mail)',
    'Účet petr neexistuje (--author očekává uživatelské jméno nebo e-mail)',
  ],
  ['--language takes en or cs', '--language očekává en nebo cs'],
  [
    'Unknown format: /var/lib/blogd/import-9 is neither a WordPress export (XML), a Ghost export (JSON) nor a PayTech Blog export (.tar.gz)',
    'Neznámý formát: /var/lib/blogd/import-9 není export z WordPressu (XML), z Ghostu (JSON) ani z PayTech Blogu (.tar.gz)',
  ],
  [
    'The JSON nests deeper than 64 levels: not a Ghost export (a JSON bomb?)',
    'JSON je zanořený do více než 64 úrovní: nejde o export z Ghostu (JSON bomba?)',
  ],
  [
    'The JSON nests deeper than 1 levels: not a Ghost export (a JSON bomb?)',
    'JSON je zanořený do více než 1 úrovně: nejde o export z Ghostu (JSON bomba?)',
  ],
  [
    'The file is not valid JSON: line 3, column 17: syntax error',
    'Soubor není platný JSON: řádek 3, sloupec 17: chyba syntaxe',
  ],
  [
    'The file is not valid JSON: line 120, column 1: incomplete JSON',
    'Soubor není platný JSON: řádek 120, sloupec 1: neúplný JSON',
  ],
  [
    'Unknown format: JSON, but not a Ghost export (no meta and data)',
    'Neznámý formát: JSON, ale ne export z Ghostu (chybí meta a data)',
  ],
  [
    'Unknown Ghost export version 1.25.0 (2 to 6 are read)',
    'Neznámá verze exportu z Ghostu 1.25.0 (čtou se verze 2 až 6)',
  ],
  [
    'Unknown Ghost export version (none) (2 to 6 are read)',
    'Neznámá verze exportu z Ghostu (žádná) (čtou se verze 2 až 6)',
  ],
  [
    'The file ends too early (truncated?) at line 5000, column 12: no element found',
    'Soubor končí předčasně (je useknutý?) na řádku 5000, sloupci 12: nenalezen žádný prvek',
  ],
  [
    'The file is not well-formed XML: line 12, column 5: mismatched tag',
    'Soubor není správně utvořené XML: řádek 12, sloupec 5: neodpovídající značka',
  ],
  [
    'The file is not well-formed XML: line 1, column 1: not well-formed (invalid token)',
    'Soubor není správně utvořené XML: řádek 1, sloupec 1: nesprávně utvořené (neplatný token)',
  ],
  [
    'Unknown format: the file is XML but not an RSS document (a WordPress export)',
    'Neznámý formát: soubor je XML, ale ne dokument RSS (export z WordPressu)',
  ],
  [
    "Unknown format: an RSS document without WordPress's export namespace",
    'Neznámý formát: dokument RSS bez jmenného prostoru exportu WordPressu',
  ],
  [
    'Unknown WordPress export version 2.0 (1.0, 1.1 and 1.2 are read)',
    'Neznámá verze exportu z WordPressu 2.0 (čtou se verze 1.0, 1.1 a 1.2)',
  ],
  [
    "The file's document type declaration names an external file (XXE): refused",
    'Deklarace typu dokumentu v souboru odkazuje na externí soubor (XXE): odmítnuto',
  ],
  [
    "The file's document type declaration declares an external entity (XXE) ('xxe'): refused",
    'Deklarace typu dokumentu v souboru deklaruje externí entitu (XXE) („xxe“): odmítnuto',
  ],
  [
    "The file's document type declaration declares entities (as in a billion laughs attack) ('lol9'): refused",
    'Deklarace typu dokumentu v souboru deklaruje entity (jako při útoku „billion laughs“) („lol9“): odmítnuto',
  ],
  [
    'An element of the file holds more than 32 MB of text: not a WordPress export',
    'Prvek souboru obsahuje více než 32 MB textu: nejde o export z WordPressu',
  ],
  [
    'Not a PayTech Blog export: /var/lib/blogd/import-9 is not a readable .tar.gz (Truncated tar archive)',
    'Nejde o export z PayTech Blogu: /var/lib/blogd/import-9 není čitelný soubor .tar.gz (Truncated tar archive)',
  ],
  [
    'Not a PayTech Blog export: uploads/ab12 in /var/lib/blogd/import-9 cannot be read (Damaged tar archive)',
    'Nejde o export z PayTech Blogu: uploads/ab12 v /var/lib/blogd/import-9 nelze přečíst (Damaged tar archive)',
  ],
  [
    "The export's content.json is larger than 2048 MB",
    'Soubor content.json v exportu je větší než 2048 MB',
  ],
  [
    'Not a PayTech Blog export: /var/lib/blogd/import-9 holds no content.json',
    'Nejde o export z PayTech Blogu: /var/lib/blogd/import-9 neobsahuje content.json',
  ],
  [
    "cannot make a temporary folder for the archive's files",
    'nelze vytvořit dočasnou složku pro soubory archivu',
  ],
  ['cannot write /tmp/blog-site-import-x1/3', '/tmp/blog-site-import-x1/3 nelze zapsat'],
  ['cannot read /tmp/blog-site-import-x1/0', '/tmp/blog-site-import-x1/0 nelze přečíst'],
  [
    "cannot keep the export's uploads/ab12 in a temporary file",
    'soubor uploads/ab12 z exportu nelze uložit do dočasného souboru',
  ],
  [
    "The export's content.json is not a JSON object",
    'Soubor content.json v exportu není objekt JSON',
  ],
  [
    "The export's content.json is not JSON (at byte 65536): extra data",
    'Soubor content.json v exportu není JSON (u bajtu 65536): nadbytečná data',
  ],
  [
    'A PayTech Blog export is a whole blog: import it into an empty blog (this one has 1 posts)',
    'Export z PayTech Blogu je celý blog: importujte ho do prázdného blogu (tento má 1 příspěvek)',
  ],
  [
    'A PayTech Blog export is a whole blog: import it into an empty blog (this one has 4 posts)',
    'Export z PayTech Blogu je celý blog: importujte ho do prázdného blogu (tento má 4 příspěvky)',
  ],
  [
    'A PayTech Blog export is a whole blog: import it into an empty blog (this one has 25 posts)',
    'Export z PayTech Blogu je celý blog: importujte ho do prázdného blogu (tento má 25 příspěvků)',
  ],
  [
    'Not a PayTech Blog export: content.json names no "paytech-blog" format',
    'Nejde o export z PayTech Blogu: content.json neuvádí formát „paytech-blog“',
  ],
  [
    'Unknown PayTech Blog export version (this blog reads version 1)',
    'Neznámá verze exportu z PayTech Blogu (tento blog čte verzi 1)',
  ],
  [
    "The export's content.json has no redirects list",
    'Soubor content.json v exportu nemá seznam redirects',
  ],
  [
    "The export's content.json has its users list out of order (or twice): posts came before it",
    'Soubor content.json v exportu má seznam users mimo pořadí (nebo dvakrát): před ním byl posts',
  ],
  [
    "The export's content.json has no categories list before its posts",
    'Soubor content.json v exportu nemá před seznamem posts seznam categories',
  ],
  [
    "The export's content.json has a row of posts that is not an object",
    'Soubor content.json v exportu má v seznamu posts řádek, který není objekt',
  ],
  [
    'The export lacks the file uploads/9f86d081884c7d65 that content.json names',
    'V exportu chybí soubor uploads/9f86d081884c7d65, který content.json uvádí',
  ],
  [
    "The export's uploads/9f86d081884c7d65 is not the file content.json names (its bytes have another SHA-256)",
    'Soubor uploads/9f86d081884c7d65 v exportu není ten, který content.json uvádí (jeho bajty mají jiný SHA-256)',
  ],
  [
    "The export's uploads/9f86d081884c7d65 is not an image (JPEG, PNG, GIF, WEBP)",
    'Soubor uploads/9f86d081884c7d65 v exportu není obrázek (JPEG, PNG, GIF, WEBP)',
  ],
  [
    'Not a PayTech Blog export: /tmp/site.tar.gz holds content.json twice',
    'Nejde o export z PayTech Blogu: /tmp/site.tar.gz obsahuje content.json dvakrát',
  ],
  [
    "The export's site settings have a ai_for_authors that is not true or false",
    'Nastavení webu v exportu mají ai_for_authors, které není true ani false',
  ],
  [
    "The export's account keeper is not valid here (role superadmin: an account is a user or an admin)",
    'Účet keeper z exportu tu není platný (role superadmin: účet je uživatel (user), nebo správce (admin))',
  ],
  [
    "The export's account k is not valid here (a username has 3 to 50 letters, digits, dots, underscores or hyphens)",
    'Účet k z exportu tu není platný (uživatelské jméno má 3 až 50 písmen, číslic, teček, podtržítek nebo pomlček)',
  ],
  [
    "The export's account keeper is not valid here (its e-mail address is not one)",
    'Účet keeper z exportu tu není platný (jeho e-mailová adresa není platná)',
  ],
  [
    "The export's account keeper is not valid here (approval maybe: pending, approved or rejected)",
    'Účet keeper z exportu tu není platný (schválení maybe: pending, approved nebo rejected)',
  ],
  [
    'The export\'s category "AI" is not valid here (Category name must be at least 3 characters)',
    'Kategorie „AI“ z exportu tu není platná (Název kategorie musí mít alespoň 3 znaky)',
  ],
  [
    "The export's post hello (id none) has no id (a number)",
    'Příspěvek hello (id none) z exportu nemá id (číslo)',
  ],
  ['The export has two posts with the id 4', 'Export má dva příspěvky s id 4'],
  [
    'The export has two posts with the slug hello (ids 3 and 9)',
    'Export má dva příspěvky s adresou hello (id 3 a 9)',
  ],
  [
    "The export's post hello (id 3) is not valid here (Please choose a category from the list)",
    'Příspěvek hello (id 3) z exportu tu není platný (Vyberte prosím kategorii ze seznamu)',
  ],
  [
    "The export's post hello (id 3) is not valid here (Language must be en or cs; Title is required)",
    'Příspěvek hello (id 3) z exportu tu není platný (Jazyk musí být en nebo cs; Název je povinný)',
  ],
  [
    "The export's post hello (id 3) is not valid here (hidden by an administrator, yet published)",
    'Příspěvek hello (id 3) z exportu tu není platný (skrytý správcem, a přesto publikovaný)',
  ],
  [
    "The export's post hello (id 3) is not valid here (newsletter later: none, pending, off, skipped or sent)",
    'Příspěvek hello (id 3) z exportu tu není platný (newsletter later: none, pending, off, skipped nebo sent)',
  ],
  [
    "The export's post hello (id 3) is not valid here (cover_image must be text; published must be true or false)",
    'Příspěvek hello (id 3) z exportu tu není platný (cover_image musí být text; published musí být true, nebo false)',
  ],
  [
    "The export's revision 12 belongs to post 999, which the export does not have",
    'Revize 12 z exportu patří k příspěvku 999, který export nemá',
  ],
  [
    "The export's glossary term  = platba is not valid here (each side has 1 to 200 characters)",
    'Pojem glosáře  = platba z exportu tu není platný (každá strana má 1 až 200 znaků)',
  ],
  [
    "The export's redirect from old/ is not valid here (an old address is a path: /…)",
    'Přesměrování z old/ v exportu tu není platné (stará adresa je cesta: /…)',
  ],
  [
    "The export's redirect from /old/ leads to post 999, which the export does not have",
    'Přesměrování z /old/ v exportu vede na příspěvek 999, který export nemá',
  ],
  [
    "The export's content.json has a row of users without a field this blog writes, or with one of another type",
    'Soubor content.json v exportu má v seznamu users řádek bez pole, které tento blog zapisuje, nebo s polem jiného typu',
  ],
  [
    'The export\'s content.json holds what this blog cannot store (invalid input syntax for type timestamp with time zone: "soon")',
    'Soubor content.json v exportu obsahuje, co tento blog nemůže uložit (invalid input syntax for type timestamp with time zone: "soon")',
  ],
];

// What Boost.JSON and expat say (after "line …, column …:"), and why an image was not fetched or
// stored, on their own.
const parserReasons: [string, string][] = [
  [
    'byte 0x81 is not windows-1252 text: is the file in another encoding? Name it in the XML declaration, or save the export as UTF-8',
    'bajt 0x81 není text v kódování windows-1252: není soubor v jiném kódování? Uveďte ho v deklaraci XML, nebo export uložte v UTF-8',
  ],
  ['syntax error', 'chyba syntaxe'],
  ['extra data', 'nadbytečná data'],
  ['incomplete JSON', 'neúplný JSON'],
  ['exponent overflow', 'přetečení exponentu'],
  ['too deep', 'příliš hluboké zanoření'],
  ['illegal leading surrogate', 'neplatná první polovina náhradního páru UTF-16'],
  ['illegal trailing surrogate', 'neplatná druhá polovina náhradního páru UTF-16'],
  ['expected hex digit', 'očekávána šestnáctková číslice'],
  ['expected utf16 escape', 'očekávána escape sekvence UTF-16'],
  ['object too large', 'příliš velký objekt'],
  ['array too large', 'příliš velké pole'],
  ['key too large', 'příliš dlouhý klíč'],
  ['string too large', 'příliš dlouhý řetězec'],
  ['out of memory', 'nedostatek paměti'],
  ['no element found', 'nenalezen žádný prvek'],
  ['not well-formed (invalid token)', 'nesprávně utvořené (neplatný token)'],
  ['unclosed token', 'neuzavřený token'],
  ['partial character', 'neúplný znak'],
  ['mismatched tag', 'neodpovídající značka'],
  ['duplicate attribute', 'duplicitní atribut'],
  ['junk after document element', 'nadbytečný obsah za kořenovým prvkem'],
  ['undefined entity', 'nedefinovaná entita'],
  ['recursive entity reference', 'rekurzivní odkaz na entitu'],
  ['reference to invalid character number', 'odkaz na neplatné číslo znaku'],
  ['unknown encoding', 'neznámé kódování'],
  [
    'encoding specified in XML declaration is incorrect',
    'kódování uvedené v deklaraci XML je nesprávné',
  ],
  ['unclosed CDATA section', 'neuzavřená sekce CDATA'],
  ['unbound prefix', 'nesvázaný prefix jmenného prostoru'],
  ['XML declaration not well-formed', 'deklarace XML není správně utvořená'],
  [
    'XML or text declaration not at start of entity',
    'deklarace XML nebo textu není na začátku entity',
  ],
  ['illegal character(s) in public id', 'nepovolené znaky ve veřejném identifikátoru'],
  ['parsing aborted', 'zpracování přerušeno'],
  [
    'limit on input amplification factor (from DTD and entities) breached',
    'překročen limit zesílení vstupu (z DTD a entit)',
  ],
  ['no account to own it', 'chybí účet, kterému by patřil'],
  ['not an upload of the old site', 'nejde o soubor nahraný na starý web'],
  ['/srv/media/x.png cannot be read', '/srv/media/x.png nelze přečíst'],
  ['timed out', 'vypršel časový limit'],
  ['answered 500', 'server odpověděl 500'],
  [
    'answered 302 (redirects are not followed)',
    'server odpověděl 302 (přesměrování se nenásledují)',
  ],
  ['larger than 5 MB', 'větší než 5 MB'],
  ['libcurl could not start a transfer', 'libcurl nemohl zahájit přenos'],
  [
    'its address is in a private network (not fetched for an uploaded file)',
    'jeho adresa je v privátní síti (pro nahraný soubor se nestahuje)',
  ],
  ['not an http(s) address', 'nejde o adresu http(s)'],
  [
    'the export names no site to fetch it from (give --media-from URL)',
    'export neuvádí web, ze kterého ho stáhnout (zadejte --media-from URL)',
  ],
  [
    "cdn.example.net is not the exported site's host (only it and --media-from's are fetched from)",
    'cdn.example.net není hostitel exportovaného webu (stahuje se jen z něj a z hostitele --media-from)',
  ],
  ['Image must be less than 5MB', 'Obrázek musí být menší než 5 MB'],
  [
    'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    'Vyberte prosím platný obrázek (JPEG, PNG, GIF, WEBP)',
  ],
  [
    'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)',
    'Obrázek má příliš velké rozměry (nejvýše 12000 pixelů na stranu a 40 megapixelů)',
  ],
  [
    'Too many images are being processed right now. Please try again in a moment.',
    'Právě se zpracovává příliš mnoho obrázků. Zkuste to prosím za chvíli.',
  ],
];

// The upload's refusals (POST /api/admin/import) and the job's lookup.
const uploadErrors: [string, string][] = [
  [
    "Send the export as multipart/form-data in the field 'file'",
    'Pošlete export jako multipart/form-data v poli „file“',
  ],
  [
    'The upload is not well-formed multipart/form-data',
    'Nahraná data nejsou správně utvořená jako multipart/form-data',
  ],
  ['Please choose an export file', 'Vyberte soubor s exportem'],
  ['The export is larger than 200 MB', 'Export je větší než 200 MB'],
  ['Import not found', 'Import nebyl nalezen'],
  ['You must be logged in to view this page', 'Pro zobrazení této stránky se musíte přihlásit'],
  [
    'You do not have permission to access this page.',
    'K přístupu na tuto stránku nemáte oprávnění.',
  ],
  ['Your account is pending approval', 'Váš účet čeká na schválení'],
  ['Your account request was rejected', 'Vaše žádost o účet byla zamítnuta'],
  [
    'Your account must use two-factor sign-in. Set it up to continue.',
    'Váš účet musí používat dvoufázové přihlášení. Pro pokračování si ho nastavte.',
  ],
  ['Cross-site request refused', 'Požadavek z jiného webu byl odmítnut'],
  [
    'The server is busy. Please try again in a moment.',
    'Server je přetížený. Zkuste to prosím za chvíli znovu.',
  ],
];

const all = [
  ...formats,
  ...problems,
  ...skipReasons,
  ...jobErrors,
  ...parserReasons,
  ...uploadErrors,
];

describe('translateImportMessage', () => {
  it.each(formats)('the format %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it.each(problems)('the report line %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it.each(skipReasons)('the skipped reason %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it.each(jobErrors)('the failure %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it.each(parserReasons)('the inner reason %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it.each(uploadErrors)('the upload refusal %s', (english, czech) => {
    expect(translateImportMessage(english, cs)).toBe(czech);
  });

  it('has a sample here for every text it knows', () => {
    const sampled = new Set(all.map(([english]) => importMessageTemplate(english)));
    const missing = IMPORT_MESSAGE_TEMPLATES.filter((template) => !sampled.has(template));
    expect(missing).toEqual([]);
  });

  it('keeps English as the server wrote it', () => {
    for (const [english] of all) expect(translateImportMessage(english, en)).toBe(english);
  });

  it('shows a text it does not know unchanged, in either language', () => {
    const unknown = [
      'Something odd happened: 42',
      'Slug "hello" was taken: the Czech post is "hello-cs"',
      'ERROR:  deadlock detected',
      '',
    ];
    for (const message of unknown) {
      expect(translateImportMessage(message, cs)).toBe(message);
      expect(translateImportMessage(message, en)).toBe(message);
    }
  });

  it('translates the known part of a message and keeps an unknown inner one', () => {
    expect(
      translateImportMessage(
        `Image ${OLD}/a.png not fetched: Could not resolve host: old.example.com`,
        cs,
      ),
    ).toBe(`Obrázek ${OLD}/a.png nebyl stažen: Could not resolve host: old.example.com`);
    expect(
      translateImportMessage(
        'Translation group pll_1 (items 3 and 4) not linked: ERROR:  could not serialize access',
        cs,
      ),
    ).toBe(
      'Skupina překladů pll_1 (položky 3 a 4) nebyla propojena: ERROR:  could not serialize access',
    );
    expect(translateImportMessage('Title is required; Something new', cs)).toBe(
      'Název je povinný; Something new',
    );
    expect(
      translateImportMessage('The file is not valid JSON: line 2, column 4: got exception', cs),
    ).toBe('Soubor není platný JSON: řádek 2, sloupec 4: got exception');
  });

  it('keeps an unknown label as it is', () => {
    expect(translateImportMessage('page 3: password-protected, imported unpublished', cs)).toBe(
      'page 3: chráněno heslem, importováno jako nepublikované',
    );
  });
});

describe('translateNotImportedKind', () => {
  it.each([
    ['tags', 'štítky'],
    ['comments', 'komentáře'],
    ['attachments without a post', 'přílohy bez příspěvku'],
    ['pages', 'stránky'],
    ['menu items', 'položky menu'],
    ['items of no type', 'položky bez typu'],
    ['members', 'členové'],
  ])('names %s in Czech, and in English as the server does', (kind, czech) => {
    expect(translateNotImportedKind(kind, cs)).toBe(czech);
    expect(translateNotImportedKind(kind, en)).toBe(kind);
  });

  it('keeps a WordPress post type as the file names it', () => {
    expect(translateNotImportedKind('wp_block', cs)).toBe('wp_block');
    expect(translateNotImportedKind('constructor', cs)).toBe('constructor');
  });
});
