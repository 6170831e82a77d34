// GET /api/categories/{name}?language=&limit=&cursor=: one category's posts, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ContentLanguage } from '@/lib/i18n';
import { fetchCursorPage, nextCursorOf, type CursorPage } from '@/lib/paging';
import type { PostSummary } from '@/types/api';

export const CATEGORY_PAGE_SIZE = 12;

// Under 'posts', so refreshing the posts after a change refreshes category pages too.
export const categoryPostsQueryKey = (category: string, language: ContentLanguage) =>
  ['posts', 'category', category, language] as const;

/** Rejects with ApiError when the server answers an error status. */
export function getCategoryPosts(
  category: string,
  language: ContentLanguage,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CursorPage<PostSummary>> {
  return fetchCursorPage<PostSummary>(`/api/categories/${encodeURIComponent(category)}`, {
    params: { language, limit: CATEGORY_PAGE_SIZE },
    cursor,
    ...(signal ? { signal } : {}),
  });
}

export const getCategoryPostsQueryOptions = (category: string, language: ContentLanguage) =>
  infiniteQueryOptions({
    queryKey: categoryPostsQueryKey(category, language),
    queryFn: ({ pageParam, signal }) => getCategoryPosts(category, language, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export const useCategoryPosts = (category: string, language: ContentLanguage) =>
  useInfiniteQuery({
    ...getCategoryPostsQueryOptions(category, language),
    enabled: category.trim() !== '',
  });
