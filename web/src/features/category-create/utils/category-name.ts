// Category names: the spec's one rule (at least 3 characters) and the server's known messages.
import { CATEGORY_NAME_MIN_LENGTH } from '@/config/constants';
import type { CategoryCreateTexts } from '@/lib/i18n/category-create-texts';

/** The message for a name that is too short, or null when the name will do. */
export function checkCategoryName(name: string, texts: CategoryCreateTexts): string | null {
  return name.trim().length < CATEGORY_NAME_MIN_LENGTH ? texts.nameTooShort : null;
}

export function translateCategoryMessage(message: string, texts: CategoryCreateTexts): string {
  const known: Record<string, string> = {
    'Category name must be at least 3 characters': texts.nameTooShort,
    'Category name must be at most 50 characters': texts.nameTooLong,
    'Category name contains characters that are not allowed': texts.nameNotAllowed,
    'Category already exists': texts.exists,
    'Your account is pending approval': texts.pending,
    'Your account request was rejected': texts.rejected,
  };
  return known[message] ?? message;
}
