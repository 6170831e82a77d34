// The client-side checks of an image before it is uploaded (spec §5, Cover image).
import { UPLOAD_MAX_BYTES } from '@/config/constants';

export const MAX_IMAGE_BYTES = UPLOAD_MAX_BYTES;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The `accept` attribute for file inputs that take these images. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

export type ImageFileProblem = 'invalidType' | 'tooLarge';

/** Why the file cannot be uploaded, or null when it can: a JPEG, PNG, GIF or WEBP of ≤ 5 MB. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidType';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}
