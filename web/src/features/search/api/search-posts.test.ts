import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/test-utils';

import { nextSearchOffset, normalizeSearchResponse, searchPosts } from './search-posts';

const hit = { id: 1, title: 'Open banking', slug: 'open-banking', snippet: '<mark>open</mark>' };

describe('normalizeSearchResponse', () => {
  it('reads the object answer', () => {
    expect(normalizeSearchResponse({ results: [hit], total: 30, suggestion: 'open' }, 12)).toEqual({
      results: [hit],
      total: 30,
      suggestion: 'open',
      offset: 12,
      pageable: true,
    });
  });

  it('reads a bare array as one unpaged page', () => {
    expect(normalizeSearchResponse([hit])).toEqual({
      results: [hit],
      total: 1,
      suggestion: '',
      offset: 0,
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

describe('nextSearchOffset', () => {
  it('pages until every hit is loaded', () => {
    const page = normalizeSearchResponse({ results: [hit, hit], total: 5, suggestion: '' }, 0);
    expect(nextSearchOffset(page)).toBe(2);
    const last = normalizeSearchResponse({ results: [hit], total: 5, suggestion: '' }, 4);
    expect(nextSearchOffset(last)).toBeUndefined();
    expect(nextSearchOffset(normalizeSearchResponse([hit, hit]))).toBeUndefined();
  });
});

describe('searchPosts', () => {
  it('sends the query, content language, limit and offset', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ results: [], total: 0, suggestion: '' }));
    await searchPosts('platby a karty', 'cs', 12);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/search?q=platby+a+karty&language=cs&limit=12&offset=12',
    );
  });
});
