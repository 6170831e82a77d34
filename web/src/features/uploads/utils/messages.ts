// Upload messages in the interface language: the client checks and the server's known answers.
import { isApiError } from '@/lib/api-client';
import type { Dictionary } from '@/lib/i18n';

import type { ImageFileProblem } from './validate-image';

export function imageProblemMessage(problem: ImageFileProblem, t: Dictionary): string {
  return problem === 'invalidType' ? t.upload.invalidType : t.upload.tooLarge;
}

/**
 * Why an upload failed: the server's message (translated when known), or 'Failed to upload image'
 * when there is none (e.g. the network failed).
 */
export function uploadErrorMessage(error: unknown, t: Dictionary): string {
  if (!isApiError(error) || error.message === '') return t.upload.failed;
  const known: Record<string, string> = {
    'Image must be less than 5MB': t.upload.tooLarge,
    'Please select a valid image file (JPEG, PNG, GIF, WEBP)': t.upload.invalidType,
    'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)':
      t.upload.tooManyPixels,
    'You have uploaded too many images in the last hour. Please try again later.':
      t.upload.tooManyUploads,
    'You have used all the storage for your images': t.upload.quotaFull,
    'Too many images are being processed right now. Please try again in a moment.': t.upload.busy,
    'Your account is pending approval': t.editor.access.pending,
    'Your account request was rejected': t.editor.access.rejected,
    'Failed to upload image': t.upload.failed,
  };
  return known[error.message] ?? error.message;
}
