// GET /api/posts/id/{id}/newsletter: the editor's "Send by e-mail when published" as it stands
// (issue 24). Read apart from the post: a send decided by the server does not change the post's
// shared, cached answer.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { POSTS_KEY } from '@/lib/post-cache';
import type { PostNewsletterState } from '@/types/api';

export interface PostNewsletter {
  newsletter: PostNewsletterState;
  newsletterSentAt: string | null;
}

export function getPostNewsletter(id: number, signal?: AbortSignal): Promise<PostNewsletter> {
  return api.get<PostNewsletter>(`/api/posts/id/${id}/newsletter`, signal ? { signal } : {});
}

export const postNewsletterQueryKey = (id: number) => [...POSTS_KEY, 'newsletter', id] as const;

/** Idle until the post's id is known. */
export const usePostNewsletter = (id: number | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: postNewsletterQueryKey(id ?? 0),
      queryFn: ({ signal }) => getPostNewsletter(id ?? 0, signal),
    }),
    enabled: id !== undefined,
    retry: false,
  });
