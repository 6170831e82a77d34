import { describe, expect, it } from 'vitest';

import { parseLanguage, readStoredLanguage } from './language';

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
