// POST /api/preview: the post as readers will see it, rendered and sanitised by the server.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { PostPreview } from '@/types/api';

import type { PostPayload } from '../utils/post-form';

/** Rejects with ApiError: 400 for an embedded (base64) image, 401/403 as saving does. */
export function previewPost(payload: PostPayload): Promise<PostPreview> {
  return api.post<PostPreview>('/api/preview', payload);
}

export const usePreviewPost = () => useMutation({ mutationFn: previewPost });
