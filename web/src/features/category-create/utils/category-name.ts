// Category names: the spec's one rule (at least 3 characters) and the server's known messages.
import { CATEGORY_NAME_MIN_LENGTH } from '@/config/constants';
import type { Dictionary } from '@/lib/i18n';

/** The message for a name that is too short, or null when the name will do. */
export function checkCategoryName(name: string, t: Dictionary): string | null {
  return name.trim().length < CATEGORY_NAME_MIN_LENGTH ? t.categoryCreate.nameTooShort : null;
}

export function translateCategoryMessage(message: string, t: Dictionary): string {
  const known: Record<string, string> = {
    'Category name must be at least 3 characters': t.categoryCreate.nameTooShort,
    'Category name must be at most 50 characters': t.categoryCreate.nameTooLong,
    'Category already exists': t.categoryCreate.exists,
    'Your account is pending approval': t.categoryCreate.pending,
    'Your account request was rejected': t.categoryCreate.rejected,
  };
  return known[message] ?? message;
}
