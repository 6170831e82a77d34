// GET /api/admin/posts: every post, hidden and scheduled ones included; polled every 5 s.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ADMIN_POSTS_POLL_INTERVAL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { ADMIN_POSTS_KEY } from '@/lib/post-cache';
import type { PostSummary } from '@/types/api';

export const adminPostsQueryKey = ADMIN_POSTS_KEY;

/** Rejects with ApiError: 401 logged out, 403 not an admin. */
export async function getAdminPosts(signal?: AbortSignal): Promise<PostSummary[]> {
  const data = await api.get<unknown>('/api/admin/posts', signal ? { signal } : {});
  return Array.isArray(data) ? (data as PostSummary[]) : [];
}

export const getAdminPostsQueryOptions = () =>
  queryOptions({
    queryKey: adminPostsQueryKey,
    queryFn: ({ signal }) => getAdminPosts(signal),
    refetchInterval: ADMIN_POSTS_POLL_INTERVAL_MS,
  });

export const useAdminPosts = () => useQuery(getAdminPostsQueryOptions());
