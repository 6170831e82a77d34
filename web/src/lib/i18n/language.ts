// The two languages and their browser-storage keys; unknown stored values fall back to English.

export const LANGUAGES = ['en', 'cs'] as const;

export type Language = (typeof LANGUAGES)[number];

/** 'en' shows English posts only; 'cs' shows Czech and English posts. */
export type ContentLanguage = Language;

export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_STORAGE_KEY = 'language';
export const CONTENT_LANGUAGE_STORAGE_KEY = 'contentLanguage';

/**
 * Present while the stored content filter is the one the interface language set for a visitor
 * who never chose a filter (issue 28); the visitor's own choice removes it.
 */
export const CONTENT_LANGUAGE_FOLLOWS_KEY = 'contentLanguageFollows';

export function parseLanguage(value: unknown): Language {
  return value === 'cs' || value === 'en' ? value : DEFAULT_LANGUAGE;
}

/** The value of cookie `name`, or null. */
function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * Copies the choice into a cookie of the same name: the server reads it to render the page in
 * the language the app will show, so nothing changes when the app takes over.
 */
function writeCookie(name: string, language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Reads a language from localStorage, else from its cookie (as the server does); a missing,
 * unknown or unreadable value gives 'en'.
 */
export function readStoredLanguage(key: string): Language {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(key);
  } catch {
    // Storage is blocked: the cookie may still say it.
  }
  return parseLanguage(stored ?? readCookie(key));
}

/**
 * Writes the plain string ('en' or 'cs') to localStorage and its cookie; storage failures
 * (private mode, quota) are ignored.
 */
export function writeStoredLanguage(key: string, language: Language): void {
  writeCookie(key, language);
  try {
    window.localStorage.setItem(key, language);
  } catch {
    // The choice still applies for this page view.
  }
}

/**
 * Puts the stored choices into their cookies when they are not there yet (a choice made before
 * the server read cookies), so that the next page arrives in that language.
 */
export function syncLanguageCookies(): void {
  for (const key of [LANGUAGE_STORAGE_KEY, CONTENT_LANGUAGE_STORAGE_KEY]) {
    const language = readStoredLanguage(key);
    if (readCookie(key) !== language) writeCookie(key, language);
  }
}

/**
 * Whether the visitor chose the content filter: a stored value the interface language did not
 * set. A value stored before the follows mark existed was the visitor's own. Unreadable storage
 * counts as a choice, so that nothing the visitor may have chosen is overridden.
 */
export function isContentLanguageChosen(): boolean {
  try {
    const storage = window.localStorage;
    return (
      storage.getItem(CONTENT_LANGUAGE_STORAGE_KEY) !== null &&
      storage.getItem(CONTENT_LANGUAGE_FOLLOWS_KEY) === null
    );
  } catch {
    return true;
  }
}

/** Marks the stored content filter as set by the interface language (true) or chosen (false). */
export function writeContentLanguageFollows(follows: boolean): void {
  try {
    if (follows) window.localStorage.setItem(CONTENT_LANGUAGE_FOLLOWS_KEY, 'language');
    else window.localStorage.removeItem(CONTENT_LANGUAGE_FOLLOWS_KEY);
  } catch {
    // Storage is blocked: isContentLanguageChosen then treats any filter as chosen.
  }
}
