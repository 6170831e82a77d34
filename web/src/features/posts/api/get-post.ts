// GET /api/posts/{slug}: one post with its sanitised HTML (404 'Post not found').
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Post } from '@/types/api';

import { postsQueryKey } from './get-posts';

export const postQueryKey = (slug: string) => [...postsQueryKey, 'detail', slug] as const;

/** Rejects with ApiError (status 404 for an unknown or hidden post). */
export function getPost(slug: string, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(`/api/posts/${encodeURIComponent(slug)}`, signal ? { signal } : {});
}

export const getPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: postQueryKey(slug),
    queryFn: ({ signal }) => getPost(slug, signal),
  });

export const usePost = (slug: string) =>
  useQuery({ ...getPostQueryOptions(slug), enabled: slug !== '' });
