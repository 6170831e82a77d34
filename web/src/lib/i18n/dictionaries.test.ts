import { describe, expect, it } from 'vitest';

import { cs } from './cs';
import { interpolate } from './dictionaries';
import { en } from './en';

const dictionaries = { en, cs };

type Tree = Readonly<Record<string, unknown>>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('dictionaries', () => {
  it('have exactly the same keys in English and Czech, at every depth', () => {
    const enKeys = leaves(en)
      .map(([key]) => key)
      .sort();
    const csKeys = leaves(cs)
      .map(([key]) => key)
      .sort();
    expect(csKeys).toEqual(enKeys);
    expect(enKeys.length).toBeGreaterThan(0);
  });

  it('hold a non-empty string for every key', () => {
    for (const dictionary of Object.values(dictionaries)) {
      for (const [key, value] of leaves(dictionary)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

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
