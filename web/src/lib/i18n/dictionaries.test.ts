import { describe, expect, it } from 'vitest';

import { cs } from './cs';
import { interpolate } from './dictionaries';
import { en } from './en';

// Both dictionaries' key sets are checked with every texts module's, in texts-modules.test.ts.
describe('dictionaries', () => {
  it('use the spec wording', () => {
    expect(en.hero.badge).toBe('Professional Payment Blog');
    expect(cs.hero.badge).toBe('Profesionální blog o platbách');
    expect(cs.home.latestArticles).toBe('Nejnovější příspěvky');
    expect(en.errors.notFoundTitle).toBe('404 Page Not Found');
  });
});

describe('interpolate', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(interpolate('Search Results for "{query}"', { query: 'card fees' })).toBe(
      'Search Results for "card fees"',
    );
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
