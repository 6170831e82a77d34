// GET /api/posts/{slug} for the editor; authors and admins also get their hidden or scheduled
// posts. It shares the reading pages' cache entry, so saving refreshes both.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { POSTS_KEY } from '@/lib/post-cache';
import type { Post } from '@/types/api';

export const editablePostQueryKey = (slug: string) => [...POSTS_KEY, 'detail', slug] as const;

/** Rejects with ApiError: 404 'Post not found' for an unknown post or one the user may not see. */
export function getPostForEdit(slug: string, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(`/api/posts/${encodeURIComponent(slug)}`, signal ? { signal } : {});
}

export const getPostForEditQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: editablePostQueryKey(slug),
    queryFn: ({ signal }) => getPostForEdit(slug, signal),
  });

export const usePostForEdit = (slug: string) => useQuery(getPostForEditQueryOptions(slug));
