// Texts of the author's desk (My posts, the editor's local copies, revisions, preview and image
// uploads), in both languages. They live beside the code that loads on demand, not in the shared
// dictionaries every first visit downloads (the reader's budget has no room for them);
// desk-texts.test.ts keeps the key sets equal.
import type { Widen } from './dictionary';
import type { Language } from './language';
import { useLanguage } from './use-t';

const en = {
  myPosts: 'My posts',
  description: 'Everything you have written: drafts, scheduled and published posts.',
  loadFailed: 'Failed to fetch your posts',
  tryAgain: 'Try Again',
  empty: 'You have not written any posts yet',
  emptyHint: 'Your drafts and published posts will appear here.',
  newPost: 'Create New Post',
  edit: 'Edit',
  view: 'View',
  columns: {
    title: 'Title',
    status: 'Status',
    language: 'Language',
    date: 'Date',
    actions: 'Actions',
  },
  status: {
    draft: 'Draft',
    scheduled: 'Scheduled',
    published: 'Published',
    hidden: 'Hidden by an admin',
  },
  languages: { en: 'English', cs: 'Czech' },
  draftSaved: 'Draft saved',
  draftSavedDescription: 'Find it here in My posts until you publish it.',
  localCopy: {
    title: 'Unsaved changes found',
    message: 'This editor has a copy from {time} that was never saved. Restore it?',
    restore: 'Restore',
    discard: 'Discard',
    restored: 'Your unsaved changes are back.',
  },
  revisions: {
    button: 'Revisions',
    title: 'Revisions',
    description:
      'The last 20 saved versions of this post. Restoring one puts it in the editor; save to keep it.',
    loading: 'Loading revisions...',
    empty: 'No revisions yet',
    loadFailed: 'Failed to fetch revisions',
    savedBy: '{time} by {user}',
    restore: 'Restore',
    restored: 'Revision restored',
    restoredDescription: 'Save the post to keep it.',
  },
  preview: {
    button: 'Preview',
    title: 'Preview',
    description: 'The post exactly as readers will see it.',
    loading: 'Preparing the preview...',
    failed: 'The preview could not be prepared',
    close: 'Close preview',
  },
  images: {
    uploading: 'Uploading image... {percent}%',
    failed: 'The image could not be inserted',
    embedded:
      'Images must be uploaded, not embedded in the text. Insert the image again to upload it.',
  },
};

export type DeskTexts = Widen<typeof en>;

const cs: DeskTexts = {
  myPosts: 'Moje příspěvky',
  description: 'Vše, co jste napsali: koncepty, naplánované i zveřejněné příspěvky.',
  loadFailed: 'Vaše příspěvky se nepodařilo načíst',
  tryAgain: 'Zkusit znovu',
  empty: 'Zatím jste nenapsali žádný příspěvek',
  emptyHint: 'Zde se objeví vaše koncepty i zveřejněné příspěvky.',
  newPost: 'Vytvořit nový příspěvek',
  edit: 'Upravit',
  view: 'Zobrazit',
  columns: {
    title: 'Název',
    status: 'Stav',
    language: 'Jazyk',
    date: 'Datum',
    actions: 'Akce',
  },
  status: {
    draft: 'Koncept',
    scheduled: 'Naplánováno',
    published: 'Zveřejněno',
    hidden: 'Skryto administrátorem',
  },
  languages: { en: 'Angličtina', cs: 'Čeština' },
  draftSaved: 'Koncept uložen',
  draftSavedDescription: 'Najdete ho zde v Mých příspěvcích, dokud ho nezveřejníte.',
  localCopy: {
    title: 'Nalezeny neuložené změny',
    message: 'Tento editor má kopii z {time}, která nebyla uložena. Obnovit ji?',
    restore: 'Obnovit',
    discard: 'Zahodit',
    restored: 'Vaše neuložené změny jsou zpět.',
  },
  revisions: {
    button: 'Revize',
    title: 'Revize',
    description:
      'Posledních 20 uložených verzí příspěvku. Obnovená verze se vloží do editoru; uložte ji, aby zůstala.',
    loading: 'Načítání revizí...',
    empty: 'Zatím žádné revize',
    loadFailed: 'Revize se nepodařilo načíst',
    savedBy: '{time}, {user}',
    restore: 'Obnovit',
    restored: 'Revize obnovena',
    restoredDescription: 'Uložte příspěvek, aby zůstala.',
  },
  preview: {
    button: 'Náhled',
    title: 'Náhled',
    description: 'Příspěvek přesně tak, jak ho uvidí čtenáři.',
    loading: 'Připravuje se náhled...',
    failed: 'Náhled se nepodařilo připravit',
    close: 'Zavřít náhled',
  },
  images: {
    uploading: 'Nahrávání obrázku... {percent} %',
    failed: 'Obrázek se nepodařilo vložit',
    embedded: 'Obrázky je třeba nahrát, ne vložit do textu. Vložte obrázek znovu, aby se nahrál.',
  },
};

export const deskTexts: Readonly<Record<Language, DeskTexts>> = { en, cs };

export function useDeskTexts(): DeskTexts {
  return deskTexts[useLanguage()];
}
