import { describe, expect, it } from 'vitest';

import { filterPosts, isScheduled } from './posts-table';

const posts = [
  { id: 1, published: true },
  { id: 2, published: false },
  { id: 3, published: true },
];

describe('filterPosts', () => {
  it('keeps all, the published or the unpublished posts', () => {
    expect(filterPosts(posts, 'all').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterPosts(posts, 'published').map((p) => p.id)).toEqual([1, 3]);
    expect(filterPosts(posts, 'unpublished').map((p) => p.id)).toEqual([2]);
  });

  it('keeps the posts without a counterpart for "missing translation"', () => {
    const linked = [
      {
        id: 1,
        published: true,
        translations: [{ id: 5, slug: 's', language: 'cs' as const, title: 'T' }],
      },
      { id: 2, published: true, translations: [] },
      { id: 3, published: false },
    ];
    expect(filterPosts(linked, 'missing-translation').map((p) => p.id)).toEqual([2, 3]);
  });
});

describe('isScheduled', () => {
  const now = new Date('2025-03-05T12:00:00Z');
  it('is true only for a publication date still ahead', () => {
    expect(isScheduled({ publishedAt: '2025-03-06T00:00:00Z' }, now)).toBe(true);
    expect(isScheduled({ publishedAt: '2025-03-05T11:59:59Z' }, now)).toBe(false);
    expect(isScheduled({ publishedAt: 'garbage' }, now)).toBe(false);
  });
});
