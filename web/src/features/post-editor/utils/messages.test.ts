// The server's post messages shown in the interface language.
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { editorTexts } from '@/lib/i18n/editor-texts';

import { postFieldErrors, translatePostMessage } from './messages';

const { en, cs } = editorTexts;

describe('post messages', () => {
  it('translate the refusals of an unlisted category and of characters no page may carry', () => {
    expect(translatePostMessage('Please choose a category from the list', cs)).toBe(
      'Vyberte prosím kategorii ze seznamu',
    );
    expect(translatePostMessage('Excerpt contains characters that are not allowed', cs)).toBe(
      'Perex obsahuje nepovolené znaky',
    );
    expect(translatePostMessage('Title contains characters that are not allowed', en)).toBe(
      'Title contains characters that are not allowed',
    );
  });

  it('place them under their fields', () => {
    const error = new ApiError('Title contains characters that are not allowed', 400, {
      title: 'Title contains characters that are not allowed',
      coverImage: 'Cover image contains characters that are not allowed',
      category: 'Please choose a category from the list',
    });
    expect(postFieldErrors(error, cs)).toEqual({
      title: 'Název obsahuje nepovolené znaky',
      coverImage: 'Úvodní obrázek obsahuje nepovolené znaky',
      category: 'Vyberte prosím kategorii ze seznamu',
    });
  });
});
