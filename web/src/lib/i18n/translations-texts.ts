// Texts of linked translations for authors and admins (create, translate with AI, counterparts
// in lists), in both languages, loaded with those screens (see texts-module.ts). A reader's
// "Read in Czech" link stays in the shared dictionary (posts.readIn).
import { defineTexts } from './texts-module';

export const [translationsTexts, useTranslationsTexts] = defineTexts({
  en: {
    create: 'Create translation',
    createInto: { en: 'Create English translation', cs: 'Create Czech translation' },
    counterpart: 'Translation',
    none: 'None',
    missingFilter: 'Missing translation',
    translationOf: 'Translation of "{title}"',
    translationOfHint:
      'This post will be linked to the original: readers of either can switch to the other.',
    sourceLoadFailed: 'The original post could not be loaded',
    translateWithAi: 'Translate with AI',
    translating: 'Translating...',
    translated: 'Translated: check the text before you save it.',
    translateFailed: 'The translation failed',
    aiNotConfigured: 'The AI assistant is not configured on this server.',
    aiAdminsOnly: 'The AI assistant is available to admins only.',
    aiTooMany: 'Too many AI requests. Please wait a minute and try again.',
    aiForAuthors: 'Authors may use the AI translator',
    aiForAuthorsHint: 'Off: only admins may translate with AI.',
  },
  cs: {
    create: 'Vytvořit překlad',
    createInto: { en: 'Vytvořit anglický překlad', cs: 'Vytvořit český překlad' },
    counterpart: 'Překlad',
    none: 'Žádný',
    missingFilter: 'Chybí překlad',
    translationOf: 'Překlad příspěvku „{title}“',
    translationOfHint:
      'Příspěvek bude propojen s originálem: čtenáři každého z nich mohou přejít na druhý.',
    sourceLoadFailed: 'Původní příspěvek se nepodařilo načíst',
    translateWithAi: 'Přeložit pomocí AI',
    translating: 'Překládám...',
    translated: 'Přeloženo: před uložením text zkontrolujte.',
    translateFailed: 'Překlad se nezdařil',
    aiNotConfigured: 'AI asistent není na tomto serveru nastaven.',
    aiAdminsOnly: 'AI asistent je dostupný pouze administrátorům.',
    aiTooMany: 'Příliš mnoho požadavků na AI. Počkejte prosím minutu a zkuste to znovu.',
    aiForAuthors: 'Autoři mohou používat AI překladač',
    aiForAuthorsHint: 'Vypnuto: s AI mohou překládat jen administrátoři.',
  },
});

export type TranslationsTexts = (typeof translationsTexts)['en'];
