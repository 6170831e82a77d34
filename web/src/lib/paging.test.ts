import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/test-utils';

import { fetchCursorPage, flattenPages, nextCursorOf } from './paging';

function page(body: unknown, cursor?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (cursor !== undefined) headers['X-Next-Cursor'] = cursor;
  return new Response(JSON.stringify(body), { status: 200, headers });
}

describe('fetchCursorPage', () => {
  it('passes the parameters and cursor and reads the next cursor', async () => {
    const fetchMock = mockFetch(() => page([{ id: 1 }], '1700_1'));
    const result = await fetchCursorPage('/api/posts', {
      params: { language: 'cs', limit: 12 },
      cursor: '1800_2',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/posts?language=cs&limit=12&cursor=1800_2');
    expect(result).toEqual({ items: [{ id: 1 }], nextCursor: '1700_1' });
  });

  it('has no next cursor on the last page and omits a null cursor', async () => {
    const fetchMock = mockFetch(() => page([]));
    const result = await fetchCursorPage('/api/posts', {
      params: { language: 'en' },
      cursor: null,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/posts?language=en');
    expect(result.nextCursor).toBeNull();
    expect(nextCursorOf(result)).toBeUndefined();
  });

  it('rejects with the server message', async () => {
    mockFetch(() => jsonResponse({ message: 'limit must be a whole number' }, 400));
    await expect(fetchCursorPage('/api/posts', { params: {}, cursor: null })).rejects.toThrow(
      'limit must be a whole number',
    );
  });
});

describe('flattenPages', () => {
  it('joins the pages in order', () => {
    expect(
      flattenPages([
        { items: [1, 2], nextCursor: 'a' },
        { items: [3], nextCursor: null },
      ]),
    ).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
