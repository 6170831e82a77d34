// Manage Posts messages from the server in the interface language when the app knows them.
import type { Dictionary } from '@/lib/i18n';

export function translateAdminPostMessage(message: string, t: Dictionary): string {
  const known: Record<string, string> = {
    'Post published successfully': t.adminPosts.toast.published,
    'Post unpublished successfully': t.adminPosts.toast.unpublished,
    'Post deleted': t.adminPosts.toast.postDeleted,
    'Post not found': t.adminPosts.messages.notFound,
    'You do not have permission to access this page.': t.adminPosts.messages.forbidden,
    'Please pick a valid date and time': t.adminPosts.messages.invalidDate,
    'Date updated': t.adminPosts.toast.dateUpdated,
  };
  return known[message] ?? message;
}

/** The message of a failed call, translated when known, else the fallback. */
export function adminPostErrorMessage(error: unknown, t: Dictionary, fallback: string): string {
  if (error instanceof Error && error.message !== '') {
    return translateAdminPostMessage(error.message, t);
  }
  return fallback;
}
