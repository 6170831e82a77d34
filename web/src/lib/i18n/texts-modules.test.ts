import { describe, expect, it } from 'vitest';

import { cs } from './cs';
import { en } from './en';
import { LANGUAGES } from './language';

type Tree = Readonly<Record<string, unknown>>;

// Every module that may hold texts (named *texts.ts), loaded as Vite would; the sources are read too,
// so that a module calling defineTexts under another name cannot escape this test.
const modules = import.meta.glob<Record<string, unknown>>('/src/**/*texts.ts', { eager: true });
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** A module's exports that hold texts by language (what defineTexts returns first). */
function textsRecords(exports: Record<string, unknown>): [string, Tree][] {
  return Object.entries(exports).filter((entry): entry is [string, Tree] => {
    const value = entry[1];
    return (
      typeof value === 'object' &&
      value !== null &&
      Object.keys(value).sort().join() === [...LANGUAGES].sort().join()
    );
  });
}

const textsByLanguage: [string, Tree][] = [
  ['the shared dictionaries', { en, cs }],
  ...Object.entries(modules).flatMap(([path, exports]) =>
    textsRecords(exports).map(([name, record]): [string, Tree] => [`${path} ${name}`, record]),
  ),
];

describe('texts modules', () => {
  it('include every module that defines texts, each exporting its texts by language', () => {
    const defining = Object.keys(sources).filter(
      (path) => !path.endsWith('/texts-module.ts') && sources[path]?.includes('defineTexts('),
    );
    expect(defining.length).toBeGreaterThan(0);
    for (const path of defining) {
      expect(Object.keys(modules), `${path} is not named *texts.ts`).toContain(path);
      expect(textsRecords(modules[path] ?? {}).length, path).toBeGreaterThan(0);
    }
  });

  it.each(textsByLanguage)('%s: same keys in English and Czech at every depth', (_, record) => {
    const keys = (language: string) =>
      leaves(record[language] as Tree)
        .map(([key]) => key)
        .sort();
    expect(keys('en').length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(keys(language)).toEqual(keys('en'));
  });

  it.each(textsByLanguage)('%s: a non-empty string for every key', (_, record) => {
    for (const language of LANGUAGES)
      for (const [key, value] of leaves(record[language] as Tree)) {
        expect(typeof value, `${language} ${key}`).toBe('string');
        expect(String(value).trim(), `${language} ${key}`).not.toBe('');
      }
  });
});
