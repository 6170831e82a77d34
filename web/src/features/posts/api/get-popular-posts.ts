// GET /api/posts/popular?language=: up to four posts most read over the last 7 days (issue 26).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ContentLanguage } from '@/lib/i18n';
import type { PostSummary } from '@/types/api';

import { postsQueryKey } from './get-posts';

export const popularPostsQueryKey = (language: ContentLanguage) =>
  [...postsQueryKey, 'popular', language] as const;

export async function getPopularPosts(
  language: ContentLanguage,
  signal?: AbortSignal,
): Promise<PostSummary[]> {
  const data = await api.get<unknown>(
    `/api/posts/popular?language=${language}`,
    signal ? { signal } : {},
  );
  return Array.isArray(data) ? (data as PostSummary[]).slice(0, 4) : [];
}

export const usePopularPosts = (language: ContentLanguage) =>
  useQuery(
    queryOptions({
      queryKey: popularPostsQueryKey(language),
      queryFn: ({ signal }) => getPopularPosts(language, signal),
      retry: false,
    }),
  );
