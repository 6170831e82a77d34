// GET /api/user/posts?limit=&cursor=: the signed-in author's own posts, any state, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { fetchCursorPage, nextCursorOf, type CursorPage } from '@/lib/paging';
import { MY_POSTS_KEY } from '@/lib/post-cache';
import type { MyPost } from '@/types/api';

export const MY_POSTS_PAGE_SIZE = 20;

export const myPostsQueryKey = MY_POSTS_KEY;

/** Rejects with ApiError: 401 when signed out. */
export function getMyPosts(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<MyPost>> {
  return fetchCursorPage<MyPost>('/api/user/posts', {
    params: { limit: MY_POSTS_PAGE_SIZE },
    cursor,
    ...(signal ? { signal } : {}),
  });
}

export const getMyPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: myPostsQueryKey,
    queryFn: ({ pageParam, signal }) => getMyPosts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const useMyPosts = () => useInfiniteQuery(getMyPostsQueryOptions());
