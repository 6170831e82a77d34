import { describe, expect, it } from 'vitest';

import {
  counterpartOf,
  createTranslationHref,
  missingTranslation,
  otherLanguage,
} from './translations';

const linked = {
  translations: [{ id: 2, slug: 'okamzite-platby', language: 'cs' as const, title: 'T' }],
};

describe('translations', () => {
  it('names the other language', () => {
    expect(otherLanguage('en')).toBe('cs');
    expect(otherLanguage('cs')).toBe('en');
  });

  it('finds the counterpart, or none', () => {
    expect(counterpartOf(linked)?.slug).toBe('okamzite-platby');
    expect(counterpartOf({ translations: [] })).toBeNull();
    expect(counterpartOf({})).toBeNull();
  });

  it('opens the new-post editor for the translation of a post', () => {
    expect(createTranslationHref({ slug: 'instant-payments' })).toBe(
      '/posts/new?translate=instant-payments',
    );
  });

  it('keeps only posts without a counterpart for the missing-translation filter', () => {
    const lone = { id: 3, translations: [] };
    expect(missingTranslation([{ id: 1, ...linked }, lone])).toEqual([lone]);
  });
});
