import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';

import { imageProblemMessage, uploadErrorMessage } from './messages';
import { checkImageFile, MAX_IMAGE_BYTES } from './validate-image';

describe('checkImageFile', () => {
  it('accepts JPEG, PNG, GIF and WEBP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(checkImageFile({ type, size: MAX_IMAGE_BYTES }), type).toBeNull();
    }
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses other types, SVG included', () => {
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('invalidType');
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe('invalidType');
    expect(checkImageFile({ type: '', size: 10 })).toBe('invalidType');
  });

  it('refuses files over 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('tooLarge');
  });
});

describe('upload messages', () => {
  it('use the spec wording', () => {
    expect(imageProblemMessage('invalidType', en)).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    );
    expect(imageProblemMessage('tooLarge', en)).toBe('Image must be less than 5MB');
    expect(uploadErrorMessage(new Error(''), en)).toBe('Failed to upload image');
    expect(uploadErrorMessage('boom', en)).toBe('Failed to upload image');
    expect(uploadErrorMessage(new TypeError('Failed to fetch'), en)).toBe('Failed to upload image');
    expect(uploadErrorMessage(new ApiError('Disk full', 507), en)).toBe('Disk full');
    expect(uploadErrorMessage(new ApiError('Image must be less than 5MB', 413), cs)).toBe(
      'Obrázek musí být menší než 5 MB',
    );
  });
});
