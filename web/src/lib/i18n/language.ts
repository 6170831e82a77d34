// The two languages and their browser-storage keys; unknown stored values fall back to English.

export const LANGUAGES = ['en', 'cs'] as const;

export type Language = (typeof LANGUAGES)[number];

/** 'en' shows English posts only; 'cs' shows Czech and English posts. */
export type ContentLanguage = Language;

export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_STORAGE_KEY = 'language';
export const CONTENT_LANGUAGE_STORAGE_KEY = 'contentLanguage';

export function parseLanguage(value: unknown): Language {
  return value === 'cs' || value === 'en' ? value : DEFAULT_LANGUAGE;
}

/** Reads a language from localStorage; a missing, unknown or unreadable value gives 'en'. */
export function readStoredLanguage(key: string): Language {
  try {
    return parseLanguage(window.localStorage.getItem(key));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Writes the plain string ('en' or 'cs'); storage failures (private mode, quota) are ignored. */
export function writeStoredLanguage(key: string, language: Language): void {
  try {
    window.localStorage.setItem(key, language);
  } catch {
    // The choice still applies for this page view.
  }
}
