import { describe, expect, it } from 'vitest';

import { HIGHLIGHT_HEADINGS, headingIn, highlightRoleOf } from './highlight-headings';

describe('highlightRoleOf', () => {
  it('knows every heading in English and Czech, folded', () => {
    for (const heading of HIGHLIGHT_HEADINGS) {
      expect(highlightRoleOf(heading.en)).toBe(heading.role);
      expect(highlightRoleOf(heading.cs)).toBe(heading.role);
      expect(highlightRoleOf(heading.cs.toUpperCase())).toBe(heading.role);
    }
    expect(highlightRoleOf('klicove body')).toBe('open');
    expect(highlightRoleOf('ZÁVĚR')).toBe('close');
    expect(highlightRoleOf('zaver:')).toBe('close');
    expect(highlightRoleOf('Vyhody')).toBe('open');
  });

  it('knows nothing else', () => {
    expect(highlightRoleOf('Background')).toBeNull();
    expect(highlightRoleOf('Závěry')).toBeNull();
    expect(highlightRoleOf('')).toBeNull();
  });
});

describe('headingIn', () => {
  it('names a heading in either language', () => {
    expect(headingIn('Key Points', 'cs')).toBe('Klíčové body');
    expect(headingIn('Key Features', 'cs')).toBe('Hlavní funkce');
    expect(headingIn('Benefits', 'cs')).toBe('Výhody');
    expect(headingIn('Implementation', 'cs')).toBe('Implementace');
    expect(headingIn('Conclusion', 'cs')).toBe('Závěr');
    expect(headingIn('Conclusion', 'en')).toBe('Conclusion');
  });
});
