// Texts of the instant search panel and of the search page's filters, in both languages. They
// live beside the code that loads on demand, not in the shared dictionaries that every first
// visit downloads (its budget has no room left); utils/texts.test.ts keeps the key sets equal.
import { useLanguage, type Language } from '@/lib/i18n';
import type { Widen } from '@/lib/i18n/dictionary';

const en = {
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
};

export type SearchTexts = Widen<typeof en>;

const cs: SearchTexts = {
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
};

export const searchTexts: Readonly<Record<Language, SearchTexts>> = { en, cs };

export function useSearchTexts(): SearchTexts {
  return searchTexts[useLanguage()];
}
