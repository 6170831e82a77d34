// Post editor messages from the server shown in the interface language when the app knows them.
import { isApiError } from '@/lib/api-client';
import type { EditorTexts } from '@/lib/i18n/editor-texts';

import { POST_FIELDS, type PostFormErrors } from './post-form';

function knownMessages(texts: EditorTexts): Record<string, string> {
  return {
    'Title is required': texts.validation.titleRequired,
    'Content is required': texts.validation.contentRequired,
    'Category is required': texts.validation.categoryRequired,
    'Please choose a category from the list': texts.validation.categoryUnlisted,
    'Title contains characters that are not allowed': texts.validation.titleNotAllowed,
    'Slug contains characters that are not allowed': texts.validation.slugNotAllowed,
    'Excerpt contains characters that are not allowed': texts.validation.excerptNotAllowed,
    'Category contains characters that are not allowed': texts.validation.categoryNotAllowed,
    'Cover image contains characters that are not allowed': texts.validation.coverImageNotAllowed,
    'A post with this slug already exists': texts.messages.slugExists,
    'Your account is pending approval': texts.access.pending,
    'Your account request was rejected': texts.access.rejected,
    'Post not found': texts.messages.notFound,
    'You can only edit your own posts': texts.messages.forbidden,
    'Images must be uploaded, not embedded in the text. Insert the image again to upload it.':
      texts.messages.embeddedImage,
  };
}

export function translatePostMessage(message: string, texts: EditorTexts): string {
  return knownMessages(texts)[message] ?? message;
}

/** The message of a failed save or load, translated when known. */
export function postErrorMessage(error: unknown, texts: EditorTexts, fallback: string): string {
  if (error instanceof Error && error.message !== '')
    return translatePostMessage(error.message, texts);
  return fallback;
}

/** The server's field messages for the form's fields, translated. */
export function postFieldErrors(error: unknown, texts: EditorTexts): PostFormErrors {
  const errors: PostFormErrors = {};
  if (!isApiError(error)) return errors;
  for (const field of POST_FIELDS) {
    const message = error.fields[field];
    if (message !== undefined) errors[field] = translatePostMessage(message, texts);
  }
  return errors;
}
