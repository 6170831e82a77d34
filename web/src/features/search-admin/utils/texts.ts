// Texts of the admin's search card and glossary editor, in both languages. They load with the
// admin screens instead of sitting in the shared dictionaries that every reader downloads (see
// @/lib/i18n/texts-module.ts).
import { defineTexts } from '@/lib/i18n/texts-module';

export const [searchAdminTexts, useSearchAdminTexts] = defineTexts({
  en: {
    stats: {
      title: 'Search',
      description: 'What readers search for, and what they search for without finding it',
      days7: 'Last 7 days',
      days30: 'Last 30 days',
      top: 'Top queries',
      zeroResults: 'Top queries with no results',
      query: 'Query',
      count: 'Searches',
      empty: 'No searches yet',
      emptyZero: 'Every search found something',
      loading: 'Loading search statistics...',
      loadFailed: 'Failed to fetch search statistics',
      tryAgain: 'Try Again',
    },
    glossary: {
      title: 'Glossary',
      description:
        'English and Czech fintech terms: search treats each pair as synonyms, and the translator keeps them.',
      english: 'English',
      czech: 'Czech',
      termLabel: '{language} term {number}',
      add: 'Add term',
      remove: 'Remove term {number}',
      save: 'Save glossary',
      saving: 'Saving...',
      saved: 'Glossary saved',
      savedDescription: 'Search and the translator now use the new terms.',
      saveFailed: 'Error saving the glossary',
      loading: 'Loading the glossary...',
      loadFailed: 'Failed to fetch the glossary',
      tryAgain: 'Try Again',
      empty: 'No terms yet',
      required: 'Term is required',
      duplicate: 'This term is already in the glossary',
      tooLong: 'Term must be at most {max} characters',
      notAllowed: 'Term contains characters that are not allowed',
    },
  },
  cs: {
    stats: {
      title: 'Hledání',
      description: 'Co čtenáři hledají a co hledají marně',
      days7: 'Posledních 7 dní',
      days30: 'Posledních 30 dní',
      top: 'Nejčastější dotazy',
      zeroResults: 'Nejčastější dotazy bez výsledků',
      query: 'Dotaz',
      count: 'Hledání',
      empty: 'Zatím nikdo nehledal',
      emptyZero: 'Každé hledání něco našlo',
      loading: 'Načítání statistik hledání...',
      loadFailed: 'Nepodařilo se načíst statistiky hledání',
      tryAgain: 'Zkusit znovu',
    },
    glossary: {
      title: 'Slovníček',
      description:
        'Anglické a české fintech výrazy: hledání bere každou dvojici jako synonyma a překladač je zachovává.',
      english: 'Angličtina',
      czech: 'Čeština',
      termLabel: 'Výraz {number} ({language})',
      add: 'Přidat výraz',
      remove: 'Odebrat výraz {number}',
      save: 'Uložit slovníček',
      saving: 'Ukládání...',
      saved: 'Slovníček uložen',
      savedDescription: 'Hledání i překladač už používají nové výrazy.',
      saveFailed: 'Chyba při ukládání slovníčku',
      loading: 'Načítání slovníčku...',
      loadFailed: 'Nepodařilo se načíst slovníček',
      tryAgain: 'Zkusit znovu',
      empty: 'Zatím žádné výrazy',
      required: 'Výraz je povinný',
      duplicate: 'Tento výraz už ve slovníčku je',
      tooLong: 'Výraz může mít nejvýše {max} znaků',
      notAllowed: 'Výraz obsahuje nepovolené znaky',
    },
  },
});

export type SearchAdminTexts = (typeof searchAdminTexts)['en'];
