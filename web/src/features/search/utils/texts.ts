// Texts of the instant search panel and of the search page's filters, in both languages. The panel
// loads on demand, so they live beside it rather than in the shared dictionaries (see
// @/lib/i18n/texts-module.ts).
import { defineTexts } from '@/lib/i18n/texts-module';

export const [searchTexts, useSearchTexts] = defineTexts({
  en: {
    panel: {
      hint: 'Type a word or two: results appear as you type',
      searching: 'Searching...',
      results: 'Articles found',
      seeAll: 'See all results',
      close: 'Close search',
      keysMove: 'to move',
      keysOpen: 'to open',
      keysClose: 'to close',
    },
    hidden: {
      one: '{count} result in Czech posts — show it',
      few: '{count} results in Czech posts — show them',
      many: '{count} results in Czech posts — show them',
      other: '{count} results in Czech posts — show them',
    },
    facets: {
      label: 'Filter results',
      categories: 'Categories',
      allCategories: 'All categories',
      languages: 'Languages',
    },
  },
  cs: {
    panel: {
      hint: 'Napište slovo nebo dvě: výsledky se objevují už během psaní',
      searching: 'Hledám...',
      results: 'Nalezené články',
      seeAll: 'Zobrazit všechny výsledky',
      close: 'Zavřít hledání',
      keysMove: 'pohyb',
      keysOpen: 'otevřít',
      keysClose: 'zavřít',
    },
    hidden: {
      one: '{count} výsledek v českých příspěvcích — zobrazit ho',
      few: '{count} výsledky v českých příspěvcích — zobrazit je',
      many: '{count} výsledku v českých příspěvcích — zobrazit je',
      other: '{count} výsledků v českých příspěvcích — zobrazit je',
    },
    facets: {
      label: 'Filtrovat výsledky',
      categories: 'Kategorie',
      allCategories: 'Všechny kategorie',
      languages: 'Jazyky',
    },
  },
});
