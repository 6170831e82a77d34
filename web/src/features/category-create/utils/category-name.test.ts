// The Create Category dialog's check and the server's messages in the interface language.
import { describe, expect, it } from 'vitest';

import { categoryCreateTexts } from '@/lib/i18n/category-create-texts';

import { checkCategoryName, translateCategoryMessage } from './category-name';

const { en, cs } = categoryCreateTexts;

describe('category names', () => {
  it('need three characters', () => {
    expect(checkCategoryName(' ab ', en)).toBe('Category name must be at least 3 characters');
    expect(checkCategoryName('Open Banking', en)).toBeNull();
  });

  it('are refused in the interface language when they hold characters no page may carry', () => {
    expect(
      translateCategoryMessage('Category name contains characters that are not allowed', cs),
    ).toBe('Název kategorie obsahuje nepovolené znaky');
    expect(translateCategoryMessage('Something else', cs)).toBe('Something else');
  });
});
