import { describe, expect, it, vi } from 'vitest';

import { useLanguageStore } from './language-store';

describe('language store', () => {
  it('stores the interface language as a plain string', () => {
    useLanguageStore.getState().setLanguage('cs');
    expect(useLanguageStore.getState().language).toBe('cs');
    expect(window.localStorage.getItem('language')).toBe('cs');
  });

  it('stores the content language as a plain string', () => {
    useLanguageStore.getState().setContentLanguage('cs');
    expect(useLanguageStore.getState().contentLanguage).toBe('cs');
    expect(window.localStorage.getItem('contentLanguage')).toBe('cs');
  });

  it('starts from localStorage, falling back to en for unknown values', async () => {
    window.localStorage.setItem('language', 'de');
    window.localStorage.setItem('contentLanguage', 'cs');
    vi.resetModules();
    const fresh = await import('./language-store');
    expect(fresh.useLanguageStore.getState().language).toBe('en');
    expect(fresh.useLanguageStore.getState().contentLanguage).toBe('cs');
  });
});
