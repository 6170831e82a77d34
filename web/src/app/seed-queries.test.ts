import { describe, expect, it } from 'vitest';

import { postQueryKey } from '@/features/posts/api/get-post';
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

  it('ignores missing or malformed data', () => {
    const client = createQueryClient();
    seedQueries(client, {});
    seedQueries(client, { post: { title: 'no slug' } });
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
});
