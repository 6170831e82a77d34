// GET /api/posts/{id}/revisions: the last 20 saved versions of a post (its author or an admin).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { PostRevision } from '@/types/api';

export const revisionsQueryKey = (postId: number) => ['post-revisions', postId] as const;

/** Rejects with ApiError: 403 not the author, 404 post gone. */
export async function getRevisions(postId: number, signal?: AbortSignal): Promise<PostRevision[]> {
  const data = await api.get<unknown>(`/api/posts/${postId}/revisions`, signal ? { signal } : {});
  return Array.isArray(data) ? (data as PostRevision[]) : [];
}

export const useRevisions = (postId: number, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: revisionsQueryKey(postId),
      queryFn: ({ signal }) => getRevisions(postId, signal),
    }),
    enabled,
    staleTime: 0,
  });
