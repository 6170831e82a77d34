// Manage Posts messages from the server in the interface language when the app knows them.
import type { AdminPostsTexts } from '@/lib/i18n/admin-posts-texts';

export function translateAdminPostMessage(message: string, texts: AdminPostsTexts): string {
  const known: Record<string, string> = {
    'Post published successfully': texts.toast.published,
    'Post unpublished successfully': texts.toast.unpublished,
    'Post deleted': texts.toast.postDeleted,
    'Post not found': texts.messages.notFound,
    'You do not have permission to access this page.': texts.messages.forbidden,
    'Please pick a valid date and time': texts.messages.invalidDate,
    'Date updated': texts.toast.dateUpdated,
  };
  return known[message] ?? message;
}

/** The message of a failed call, translated when known, else the fallback. */
export function adminPostErrorMessage(
  error: unknown,
  texts: AdminPostsTexts,
  fallback: string,
): string {
  if (error instanceof Error && error.message !== '') {
    return translateAdminPostMessage(error.message, texts);
  }
  return fallback;
}
