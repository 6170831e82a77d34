import { describe, expect, it } from 'vitest';

import { formatTestTexts } from './format-test-texts';

type Tree = Readonly<Record<string, unknown>>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('format-test-texts', () => {
  it('have the same keys in English and Czech, each a non-empty string', () => {
    const keys = (tree: Tree) => leaves(tree).map(([key]) => key);
    expect(keys(formatTestTexts.cs).sort()).toEqual(keys(formatTestTexts.en).sort());
    for (const texts of Object.values(formatTestTexts))
      for (const [key, value] of leaves(texts)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
  });
});
