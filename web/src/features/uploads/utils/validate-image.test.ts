import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { editorTexts } from '@/lib/i18n/editor-texts';
import { uploadTexts } from '@/lib/i18n/upload-texts';

import { imageProblemMessage, uploadErrorMessage } from './messages';
import { checkImageFile, MAX_IMAGE_BYTES } from './validate-image';

const errorIn = (language: Language) => (error: unknown) =>
  uploadErrorMessage(error, uploadTexts[language], editorTexts[language].access);

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
    expect(imageProblemMessage('invalidType', uploadTexts.en)).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    );
    expect(imageProblemMessage('tooLarge', uploadTexts.en)).toBe('Image must be less than 5MB');
    expect(errorIn('en')(new Error(''))).toBe('Failed to upload image');
    expect(errorIn('en')('boom')).toBe('Failed to upload image');
    expect(errorIn('en')(new TypeError('Failed to fetch'))).toBe('Failed to upload image');
    expect(errorIn('en')(new ApiError('Disk full', 507))).toBe('Disk full');
    expect(errorIn('cs')(new ApiError('Image must be less than 5MB', 413))).toBe(
      'Obrázek musí být menší než 5 MB',
    );
  });
});
