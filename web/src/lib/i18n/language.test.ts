import { describe, expect, it } from 'vitest';

import {
  isContentLanguageChosen,
  parseLanguage,
  readStoredLanguage,
  syncLanguageCookies,
  writeContentLanguageFollows,
  writeStoredLanguage,
} from './language';

describe('parseLanguage', () => {
  it('accepts en and cs', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('cs')).toBe('cs');
  });

  it('falls back to en for anything else', () => {
    expect(parseLanguage('de')).toBe('en');
    expect(parseLanguage('CS')).toBe('en');
    expect(parseLanguage('"cs"')).toBe('en');
    expect(parseLanguage(null)).toBe('en');
    expect(parseLanguage(undefined)).toBe('en');
  });
});

describe('readStoredLanguage', () => {
  it('reads the stored value and falls back to en', () => {
    expect(readStoredLanguage('language')).toBe('en');
    window.localStorage.setItem('language', 'cs');
    expect(readStoredLanguage('language')).toBe('cs');
    window.localStorage.setItem('language', 'de');
    expect(readStoredLanguage('language')).toBe('en');
  });
});

describe('the language cookies the server reads', () => {
  const clearCookies = () => {
    for (const key of ['language', 'contentLanguage'])
      document.cookie = `${key}=; Path=/; Max-Age=0`;
  };

  it('a choice is written to its cookie as well as to localStorage', () => {
    clearCookies();
    writeStoredLanguage('language', 'cs');
    expect(document.cookie).toContain('language=cs');
    expect(window.localStorage.getItem('language')).toBe('cs');
    writeStoredLanguage('language', 'en');
    expect(document.cookie).toContain('language=en');
  });

  it('without a stored choice the cookie is read', () => {
    clearCookies();
    window.localStorage.removeItem('contentLanguage');
    document.cookie = 'contentLanguage=cs; Path=/';
    expect(readStoredLanguage('contentLanguage')).toBe('cs');
  });

  it('a choice made before the cookies existed is copied into them', () => {
    clearCookies();
    window.localStorage.setItem('language', 'cs');
    window.localStorage.setItem('contentLanguage', 'en');
    syncLanguageCookies();
    expect(document.cookie).toContain('language=cs');
    expect(document.cookie).toContain('contentLanguage=en');
  });
});

describe('isContentLanguageChosen', () => {
  it('is true for a stored filter unless the interface language set it', () => {
    expect(isContentLanguageChosen()).toBe(false);
    window.localStorage.setItem('contentLanguage', 'en');
    expect(isContentLanguageChosen()).toBe(true);
    writeContentLanguageFollows(true);
    expect(isContentLanguageChosen()).toBe(false);
    writeContentLanguageFollows(false);
    expect(isContentLanguageChosen()).toBe(true);
  });
});
