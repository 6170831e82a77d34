import { describe, expect, it } from 'vitest';

import { deskTexts } from './desk-texts';

type Tree = Readonly<Record<string, unknown>>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('desk texts', () => {
  it('have the same keys in English and Czech, each a non-empty string', () => {
    const keys = (tree: Tree) => leaves(tree).map(([key]) => key);
    expect(keys(deskTexts.cs).sort()).toEqual(keys(deskTexts.en).sort());
    for (const texts of Object.values(deskTexts))
      for (const [key, value] of leaves(texts)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
  });
});
