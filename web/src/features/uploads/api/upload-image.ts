// POST /api/upload: one image as the multipart field `image`; answers the stored file's {url}.
import { useMutation } from '@tanstack/react-query';

import { ApiError, api } from '@/lib/api-client';

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

function errorOf(status: number, text: string): ApiError {
  let message = '';
  let fields: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) {
      const body = parsed as { message?: unknown; fields?: unknown };
      if (typeof body.message === 'string') message = body.message;
      if (typeof body.fields === 'object' && body.fields !== null) {
        fields = Object.fromEntries(
          Object.entries(body.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
      }
    }
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new ApiError(message || `${status}: ${text}`, status, fields);
}

/**
 * POST /api/upload as uploadImage, reporting how much of the file is sent (0-100); fetch cannot
 * tell, so this one request goes through XMLHttpRequest. Rejects with ApiError as uploadImage
 * does, and TypeError when the network fails.
 */
export function uploadImageWithProgress(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('image', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorOf(xhr.status, xhr.responseText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as UploadResponse);
      } catch {
        reject(new ApiError('Failed to upload image', xhr.status));
      }
    });
    xhr.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    xhr.addEventListener('abort', () => reject(new TypeError('Upload aborted')));
    xhr.send(form);
  });
}
