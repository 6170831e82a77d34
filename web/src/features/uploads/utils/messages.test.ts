import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { editorTexts } from '@/lib/i18n/editor-texts';
import { uploadTexts } from '@/lib/i18n/upload-texts';

import { uploadErrorMessage } from './messages';

const errorIn = (language: Language) => (error: unknown) =>
  uploadErrorMessage(error, uploadTexts[language], editorTexts[language].access);

describe('uploadErrorMessage', () => {
  it('shows the server’s upload limits in the interface language', () => {
    const limits = [
      new ApiError(
        'You have uploaded too many images in the last hour. Please try again later.',
        429,
      ),
      new ApiError('You have used all the storage for your images', 429),
      new ApiError(
        'Too many images are being processed right now. Please try again in a moment.',
        503,
      ),
      new ApiError(
        'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)',
        400,
      ),
      new ApiError('Your account is pending approval', 403),
    ];
    for (const error of limits) {
      expect(errorIn('en')(error)).toBe(error.message);
      expect(errorIn('cs')(error)).not.toBe(error.message);
    }
    expect(errorIn('cs')(limits[0])).toBe(
      'Za poslední hodinu jste nahráli příliš mnoho obrázků. Zkuste to prosím později.',
    );
  });
});
