import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';

import { uploadErrorMessage } from './messages';

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
      expect(uploadErrorMessage(error, en)).toBe(error.message);
      expect(uploadErrorMessage(error, cs)).not.toBe(error.message);
    }
    expect(uploadErrorMessage(limits[0], cs)).toBe(
      'Za poslední hodinu jste nahráli příliš mnoho obrázků. Zkuste to prosím později.',
    );
  });
});
