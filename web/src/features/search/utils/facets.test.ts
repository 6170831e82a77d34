import { describe, expect, it } from 'vitest';

import { readFacets } from './facets';

describe('readFacets', () => {
  it('keeps the well-formed entries and drops the rest', () => {
    expect(
      readFacets({
        categories: [
          { name: 'Cards', count: 3 },
          { name: '', count: 1 },
          { name: 'Fees', count: 'x' },
          null,
        ],
        languages: [
          { language: 'en', count: 1 },
          { language: 'de', count: 2 },
          { language: 'cs', count: -1 },
        ],
      }),
    ).toEqual({
      categories: [{ name: 'Cards', count: 3 }],
      languages: [{ language: 'en', count: 1 }],
    });
  });

  it('reads missing facets as empty lists', () => {
    expect(readFacets(undefined)).toEqual({ categories: [], languages: [] });
    expect(readFacets({ categories: 'x' })).toEqual({ categories: [], languages: [] });
  });
});
