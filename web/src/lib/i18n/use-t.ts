// Hooks that read the current interface language: its dictionary and its date format.
import { useCallback } from 'react';

import { useLanguageStore } from '@/stores/language-store';

import type { Dictionary } from './dictionary';
import { dictionaryFor } from './dictionaries';
import { formatDate } from './format-date';
import type { Language } from './language';

export function useLanguage(): Language {
  return useLanguageStore((state) => state.language);
}

/** The dictionary of the current interface language, e.g. `useT().hero.badge`. */
export function useT(): Dictionary {
  return dictionaryFor(useLanguage());
}

export function useFormatDate(): (value: Date | string) => string {
  const language = useLanguage();
  return useCallback((value: Date | string) => formatDate(value, language), [language]);
}
