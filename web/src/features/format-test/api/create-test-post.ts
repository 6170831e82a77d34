// POST /api/posts for 'Create Test Post': answers the new post's {slug}; the post lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { invalidatePostCaches } from '@/lib/post-cache';

import type { TestPostPayload } from '../utils/test-post';

export interface CreatedPost {
  slug: string;
}

/**
 * Rejects with ApiError: 400 with field messages, 409 when the slug made from the title exists,
 * 401 logged out, 403 pending or rejected; with a plain Error when the answer has no slug.
 */
export async function createTestPost(payload: TestPostPayload): Promise<CreatedPost> {
  const data = await api.post<Partial<CreatedPost> | undefined>('/api/posts', payload);
  if (typeof data?.slug !== 'string' || data.slug === '') {
    throw new Error('The server did not return the new post.');
  }
  return { slug: data.slug };
}

export function useCreateTestPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestPost,
    onSuccess: () => {
      void invalidatePostCaches(queryClient);
    },
  });
}
