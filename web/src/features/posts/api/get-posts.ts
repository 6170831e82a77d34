// GET /api/posts?language=&limit=&cursor=: the newest posts of the reader's content language,
// one page at a time ('en' lists English posts, 'cs' Czech and English ones).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ContentLanguage } from '@/lib/i18n';
import { fetchCursorPage, nextCursorOf, type CursorPage } from '@/lib/paging';
import type { PostSummary } from '@/types/api';

export const POSTS_PAGE_SIZE = 12;

/** Every posts query lives under this key, so invalidating it refreshes lists and pages. */
export const postsQueryKey = ['posts'] as const;

export const postListQueryKey = (language: ContentLanguage) =>
  [...postsQueryKey, 'list', language] as const;

/** Rejects with ApiError when the server answers an error status. */
export function getPosts(
  language: ContentLanguage,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<PostSummary>> {
  return fetchCursorPage<PostSummary>('/api/posts', {
    params: { language, limit: POSTS_PAGE_SIZE },
    cursor,
    ...(signal ? { signal } : {}),
  });
}

export const getPostsQueryOptions = (language: ContentLanguage) =>
  infiniteQueryOptions({
    queryKey: postListQueryKey(language),
    queryFn: ({ pageParam, signal }) => getPosts(language, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const usePosts = (language: ContentLanguage) =>
  useInfiniteQuery(getPostsQueryOptions(language));
