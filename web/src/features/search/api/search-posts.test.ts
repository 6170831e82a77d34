import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/test-utils';

import { nextSearchCursor, normalizeSearchResponse, searchPosts } from './search-posts';

const hit = { id: 1, title: 'Open banking', slug: 'open-banking', snippet: '<mark>open</mark>' };

describe('normalizeSearchResponse', () => {
  it('reads the object answer', () => {
    expect(
      normalizeSearchResponse({
        results: [hit],
        total: 30,
        suggestion: 'open',
        nextCursor: 'bzEy',
      }),
    ).toEqual({
      results: [hit],
      total: 30,
      suggestion: 'open',
      nextCursor: 'bzEy',
      pageable: true,
    });
  });

  it('reads a bare array as one unpaged page', () => {
    expect(normalizeSearchResponse([hit])).toEqual({
      results: [hit],
      total: 1,
      suggestion: '',
      nextCursor: null,
      pageable: false,
    });
  });

  it('treats anything else as no results', () => {
    expect(normalizeSearchResponse(null).results).toEqual([]);
    expect(normalizeSearchResponse({ results: 'x', total: 'y' })).toMatchObject({
      results: [],
      total: 0,
      suggestion: '',
    });
  });
});

describe('normalizeSearchResponse with facets', () => {
  it('keeps the facets and the count the content filter hid', () => {
    const facets = { categories: [{ name: 'Cards', count: 3 }], languages: [] };
    const page = normalizeSearchResponse({
      results: [hit],
      total: 1,
      suggestion: '',
      facets,
      hiddenByLanguage: 3,
    });
    expect(page.facets).toEqual(facets);
    expect(page.hiddenByLanguage).toBe(3);
  });

  it('leaves them absent when a server does not send them, or sends nonsense', () => {
    const plain = normalizeSearchResponse({ results: [], total: 0, suggestion: '' });
    expect(plain).not.toHaveProperty('facets');
    expect(plain).not.toHaveProperty('hiddenByLanguage');
    const odd = normalizeSearchResponse({ results: [], facets: [], hiddenByLanguage: -2 });
    expect(odd).not.toHaveProperty('facets');
    expect(odd).not.toHaveProperty('hiddenByLanguage');
  });
});

describe('nextSearchCursor', () => {
  it('follows the server’s cursor until the last page', () => {
    const page = normalizeSearchResponse({
      results: [hit, hit],
      total: 5,
      suggestion: '',
      nextCursor: 'bzI',
    });
    expect(nextSearchCursor(page)).toBe('bzI');
    const last = normalizeSearchResponse({
      results: [hit],
      total: 5,
      suggestion: '',
      nextCursor: null,
    });
    expect(nextSearchCursor(last)).toBeUndefined();
    expect(nextSearchCursor(normalizeSearchResponse([hit, hit]))).toBeUndefined();
  });
});

describe('searchPosts', () => {
  it('sends the query, content language, limit and the cursor of the page asked for', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ results: [], total: 0, suggestion: '' }));
    await searchPosts({ query: 'platby a karty', language: 'cs', cursor: 'bzEy' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/search?q=platby+a+karty&language=cs&limit=12&cursor=bzEy',
    );
  });

  it('narrows to a category and asks for fewer hits when told', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ results: [], total: 0, suggestion: '' }));
    await searchPosts({ query: 'fees', language: 'en', category: ' Cards & Wallets ', limit: 6 });
    await searchPosts({ query: 'fees', language: 'en', category: '  ' });
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/search?q=fees&language=en&category=Cards+%26+Wallets&limit=6',
      '/api/search?q=fees&language=en&limit=12',
    ]);
  });
});
