// POST /api/upload: one image as the multipart field `image`; answers the stored file's {url}.
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface UploadResponse {
  url: string;
}

/** Rejects with ApiError: 413 'Image must be less than 5MB', 415 for a type that is not allowed. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return api.post<UploadResponse>('/api/upload', form);
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
