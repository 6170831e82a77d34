// Post editor messages from the server shown in the interface language when the app knows them.
import { isApiError } from '@/lib/api-client';
import type { Dictionary } from '@/lib/i18n';

import { POST_FIELDS, type PostFormErrors } from './post-form';

function knownMessages(t: Dictionary): Record<string, string> {
  return {
    'Title is required': t.editor.validation.titleRequired,
    'Content is required': t.editor.validation.contentRequired,
    'Category is required': t.editor.validation.categoryRequired,
    'A post with this slug already exists': t.editor.messages.slugExists,
    'Your account is pending approval': t.editor.access.pending,
    'Your account request was rejected': t.editor.access.rejected,
    'Post not found': t.editor.messages.notFound,
    'You can only edit your own posts': t.editor.messages.forbidden,
    'Images must be uploaded, not embedded in the text. Insert the image again to upload it.':
      t.editor.messages.embeddedImage,
  };
}

export function translatePostMessage(message: string, t: Dictionary): string {
  return knownMessages(t)[message] ?? message;
}

/** The message of a failed save or load, translated when known. */
export function postErrorMessage(error: unknown, t: Dictionary, fallback: string): string {
  if (error instanceof Error && error.message !== '') return translatePostMessage(error.message, t);
  return fallback;
}

/** The server's field messages for the form's fields, translated. */
export function postFieldErrors(error: unknown, t: Dictionary): PostFormErrors {
  const errors: PostFormErrors = {};
  if (!isApiError(error)) return errors;
  for (const field of POST_FIELDS) {
    const message = error.fields[field];
    if (message !== undefined) errors[field] = translatePostMessage(message, t);
  }
  return errors;
}
