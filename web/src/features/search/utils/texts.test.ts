import { describe, expect, it } from 'vitest';

import { searchTexts } from './texts';

type Tree = Readonly<Record<string, unknown>>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('search texts', () => {
  it('have the same keys in English and Czech, each a non-empty string', () => {
    const keys = (tree: Tree) => leaves(tree).map(([key]) => key);
    expect(keys(searchTexts.cs).sort()).toEqual(keys(searchTexts.en).sort());
    for (const texts of Object.values(searchTexts))
      for (const [key, value] of leaves(texts)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
  });

  it('offer the hidden hits in the words of the issue', () => {
    expect(searchTexts.en.hidden.other).toBe('{count} results in Czech posts — show them');
  });
});
