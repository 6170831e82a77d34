// GET /api/posts/{slug}/related: up to three visible posts like this one (the search engine's
// similarity), as cards. A server without the call (404) or any failure means "no related posts".
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';
import type { PostSummary } from '@/types/api';

import { postsQueryKey } from './get-posts';

export const RELATED_POSTS_LIMIT = 3;

export const relatedPostsQueryKey = (slug: string) => [...postsQueryKey, 'related', slug] as const;

/** Never rejects for a 404 (resolves to []); rejects with ApiError for other error statuses. */
export async function getRelatedPosts(slug: string, signal?: AbortSignal): Promise<PostSummary[]> {
  try {
    const data = await api.get<unknown>(
      `/api/posts/${encodeURIComponent(slug)}/related`,
      signal ? { signal } : {},
    );
    return Array.isArray(data) ? (data as PostSummary[]).slice(0, RELATED_POSTS_LIMIT) : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const useRelatedPosts = (slug: string) =>
  useQuery({
    ...queryOptions({
      queryKey: relatedPostsQueryKey(slug),
      queryFn: ({ signal }) => getRelatedPosts(slug, signal),
    }),
    enabled: slug !== '',
    retry: false,
  });
