import { describe, expect, it } from 'vitest';

import { userQueryKey } from '@/features/auth/api/get-user';
import { categoriesQueryKey } from '@/features/categories/api/get-categories';
import { categoryPostsQueryKey } from '@/features/categories/api/get-category-posts';
import { postQueryKey } from '@/features/posts/api/get-post';
import { postListQueryKey } from '@/features/posts/api/get-posts';
import { relatedPostsQueryKey } from '@/features/posts/api/get-related-posts';
import { searchQueryKey } from '@/features/search/api/search-posts';
import { siteSettingsQueryKey } from '@/features/site-settings/api/get-site-settings';
import { createQueryClient } from '@/lib/query-client';

import { seedQueries } from './seed-queries';

describe('seedQueries', () => {
  it('puts the embedded post in the cache as fresh data', () => {
    const client = createQueryClient();
    const post = { slug: 'open-banking', title: 'Open banking', contentHtml: '<p>x</p>' };
    seedQueries(client, { post });
    expect(client.getQueryData(postQueryKey('open-banking'))).toEqual(post);
    expect(client.getQueryState(postQueryKey('open-banking'))?.isInvalidated).toBe(false);
  });

  it('puts the related posts of the embedded post in the cache, when the page has them', () => {
    const client = createQueryClient();
    const post = { slug: 'open-banking', title: 'Open banking', contentHtml: '<p>x</p>' };
    const related = [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }, { slug: 'd' }];
    seedQueries(client, { post, related });
    expect(client.getQueryData(relatedPostsQueryKey('open-banking'))).toEqual(related.slice(0, 3));
    const without = createQueryClient();
    seedQueries(without, { post });
    expect(without.getQueryData(relatedPostsQueryKey('open-banking'))).toBeUndefined();
  });

  it('seeds a search narrowed to a category under its own key', () => {
    const client = createQueryClient();
    const answer = { results: [], total: 0, suggestion: '', query: 'fees' };
    seedQueries(client, { search: { language: 'en', category: 'Cards', answer } }, 'en');
    expect(client.getQueryData(searchQueryKey('fees', 'en', 'Cards'))).toBeDefined();
    expect(client.getQueryData(searchQueryKey('fees', 'en'))).toBeUndefined();
  });

  it('puts the home page settings, categories and first page of posts in the cache', () => {
    const client = createQueryClient();
    const items = [{ slug: 'a', title: 'A' }];
    seedQueries(
      client,
      {
        siteSettings: { siteTitle: 'PayTech Blog' },
        categories: ['Fintech', 'Banking'],
        posts: { language: 'en', items, nextCursor: '17_3' },
      },
      'en',
    );
    expect(client.getQueryData(siteSettingsQueryKey)).toEqual({ siteTitle: 'PayTech Blog' });
    expect(client.getQueryData(categoriesQueryKey)).toEqual(['Fintech', 'Banking']);
    expect(client.getQueryData(postListQueryKey('en'))).toEqual({
      pages: [{ items, nextCursor: '17_3' }],
      pageParams: [null],
    });
  });

  it('leaves the list alone when the reader chose another content language', () => {
    const client = createQueryClient();
    seedQueries(client, { posts: { language: 'en', items: [], nextCursor: null } }, 'cs');
    expect(client.getQueryData(postListQueryKey('cs'))).toBeUndefined();
    expect(client.getQueryData(postListQueryKey('en'))).toBeUndefined();
  });

  it('puts a category page and a search answer in the cache', () => {
    const client = createQueryClient();
    const items = [{ slug: 'a', title: 'A' }];
    const results = [{ slug: 'b', title: 'B', snippet: '<mark>b</mark>' }];
    seedQueries(
      client,
      {
        categoryPosts: { category: 'Open Banking', language: 'en', items, nextCursor: null },
        search: {
          language: 'en',
          answer: { results, total: 30, suggestion: '', query: 'platby' },
        },
      },
      'en',
    );
    expect(client.getQueryData(categoryPostsQueryKey('Open Banking', 'en'))).toEqual({
      pages: [{ items, nextCursor: null }],
      pageParams: [null],
    });
    expect(client.getQueryData(searchQueryKey('platby', 'en'))).toEqual({
      pages: [{ results, total: 30, suggestion: '', nextCursor: null, pageable: true }],
      pageParams: [null],
    });
  });

  it('ignores missing or malformed data', () => {
    const client = createQueryClient();
    seedQueries(client, {});
    seedQueries(client, { post: { title: 'no slug' } });
    seedQueries(client, {
      siteSettings: 'x',
      categories: [1],
      posts: { language: 'de', items: [] },
    });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('reads the page when no data is given', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'page-data';
    script.textContent = JSON.stringify({ post: { slug: 'from-page', contentHtml: '' } });
    document.body.append(script);
    const client = createQueryClient();
    seedQueries(client);
    expect(client.getQueryData(postQueryKey('from-page'))).toMatchObject({ slug: 'from-page' });
    script.remove();
  });

  it('knows nobody is signed in when the page came without a session cookie', () => {
    const client = createQueryClient();
    seedQueries(client, {}, 'en', false);
    expect(client.getQueryState(userQueryKey)?.status).toBe('success');
    expect(client.getQueryData(userQueryKey)).toBeNull();
  });

  it('leaves the user to be asked for when a session cookie may have come', () => {
    const client = createQueryClient();
    seedQueries(client, {}, 'en', true);
    expect(client.getQueryState(userQueryKey)).toBeUndefined();
  });
});
