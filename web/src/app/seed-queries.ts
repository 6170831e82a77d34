// Seeds the query cache from the page the server rendered: React's first render then shows the
// same content, with no request and no skeleton in between.
import type { QueryClient } from '@tanstack/react-query';

import { postQueryKey } from '@/features/posts/api/get-post';
import { readPageData, type PageData } from '@/lib/page-data';
import type { Post } from '@/types/api';

/** The server's copy counts as fresh this long; after that the usual rules apply. */
const SEEDED_FRESH_MS = 60_000;

function isPost(value: unknown): value is Post {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { slug?: unknown }).slug === 'string' &&
    typeof (value as { contentHtml?: unknown }).contentHtml === 'string'
  );
}

export function seedQueries(client: QueryClient, data: PageData = readPageData()): void {
  if (isPost(data.post)) {
    const key = postQueryKey(data.post.slug);
    client.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS });
    client.setQueryData(key, data.post);
  }
}
