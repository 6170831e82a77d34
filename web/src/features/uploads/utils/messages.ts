// Upload messages in the interface language: the client checks and the server's known answers.
import { isApiError } from '@/lib/api-client';
import type { EditorTexts } from '@/lib/i18n/editor-texts';
import type { UploadTexts } from '@/lib/i18n/upload-texts';

import type { ImageFileProblem } from './validate-image';

export function imageProblemMessage(problem: ImageFileProblem, texts: UploadTexts): string {
  return problem === 'invalidType' ? texts.invalidType : texts.tooLarge;
}

/**
 * Why an upload failed: the server's message (translated when known), or 'Failed to upload image'
 * when there is none (e.g. the network failed).
 */
export function uploadErrorMessage(
  error: unknown,
  texts: UploadTexts,
  access: EditorTexts['access'],
): string {
  if (!isApiError(error) || error.message === '') return texts.failed;
  const known: Record<string, string> = {
    'Image must be less than 5MB': texts.tooLarge,
    'Please select a valid image file (JPEG, PNG, GIF, WEBP)': texts.invalidType,
    'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)':
      texts.tooManyPixels,
    'You have uploaded too many images in the last hour. Please try again later.':
      texts.tooManyUploads,
    'You have used all the storage for your images': texts.quotaFull,
    'Too many images are being processed right now. Please try again in a moment.': texts.busy,
    'Your account is pending approval': access.pending,
    'Your account request was rejected': access.rejected,
    'Failed to upload image': texts.failed,
  };
  return known[error.message] ?? error.message;
}
