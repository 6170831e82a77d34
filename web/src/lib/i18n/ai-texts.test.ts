import { describe, expect, it } from 'vitest';

import { aiTexts } from './ai-texts';

type Tree = Readonly<Record<string, unknown>>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('ai-texts', () => {
  it('have the same keys in English and Czech, each a non-empty string', () => {
    const keys = (tree: Tree) => leaves(tree).map(([key]) => key);
    expect(keys(aiTexts.cs).sort()).toEqual(keys(aiTexts.en).sort());
    for (const texts of Object.values(aiTexts))
      for (const [key, value] of leaves(texts)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
  });
});
