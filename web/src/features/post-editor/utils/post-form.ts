// The post form's values: defaults, loading from a post, validation and the request body.
import { format, isValid, parseISO } from 'date-fns';

import type { EditorTexts } from '@/lib/i18n/editor-texts';
import { slugify } from '@/lib/slug';
import type { AiTranslateResponse, Post } from '@/types/api';

export type PostLanguage = 'en' | 'cs';

export interface PostFormValues {
  title: string;
  slug: string;
  category: string;
  language: PostLanguage;
  excerpt: string;
  coverImage: string;
  /** HTML from the editor ('' when empty), or a post's markdown that was not edited. */
  content: string;
  published: boolean;
  /** A datetime-local value ('2025-03-05T14:30', local time) or '' for "now". */
  publishedAt: string;
  /** A new translation: the id of the post it translates, linked when saved. */
  translationOf?: number;
  /**
   * 'Send by e-mail when published': on for a new post; a saved post's while its send is still
   * to be decided (newsletter pending or off), else undefined (the switch is not offered).
   */
  sendNewsletter?: boolean;
}

export const POST_FIELDS = [
  'title',
  'slug',
  'category',
  'language',
  'excerpt',
  'coverImage',
  'content',
] as const;

export type PostField = (typeof POST_FIELDS)[number];

export type PostFormErrors = Partial<Record<PostField, string>>;

/** The body of POST /api/posts and PUT /api/posts/id/{id}. */
export interface PostPayload {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category: string;
  coverImage: string;
  language: PostLanguage;
  published: boolean;
  publishedAt?: string;
  translationOf?: number;
  sendNewsletter?: boolean;
}

export const EMPTY_POST_VALUES: PostFormValues = {
  title: '',
  slug: '',
  category: '',
  language: 'en',
  excerpt: '',
  coverImage: '',
  content: '',
  published: true,
  publishedAt: '',
  sendNewsletter: true,
};

const LOCAL_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** An ISO timestamp as a datetime-local value in the browser's time zone ('' if unparseable). */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, LOCAL_INPUT_FORMAT) : '';
}

/** A datetime-local value as an ISO timestamp, or undefined when empty or invalid. */
export function fromLocalDateTimeInput(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = parseISO(value);
  return isValid(date) ? date.toISOString() : undefined;
}

const HAS_HTML_TAG = /<[a-z][\s\S]*>/i;

/**
 * The form values for editing a post. Markdown content is shown as the server's rendering, so the
 * editor displays it formatted; the original is kept as long as it is not edited.
 */
export function valuesFromPost(post: Post): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    category: post.category,
    language: post.language === 'cs' ? 'cs' : 'en',
    excerpt: post.excerpt,
    coverImage: post.coverImage,
    content: post.content,
    published: post.published,
    publishedAt: toLocalDateTimeInput(post.publishedAt),
    ...(post.newsletter === 'pending' || post.newsletter === 'off'
      ? { sendNewsletter: post.newsletter === 'pending' }
      : {}),
  };
}

/** The HTML to load into the editor for a post: its content, or its rendering if markdown. */
export function editorHtmlOf(post: Pick<Post, 'content' | 'contentHtml'>): string {
  return HAS_HTML_TAG.test(post.content) || post.contentHtml === ''
    ? post.content
    : post.contentHtml;
}

/** True when the content has no text and no image, e.g. '' or '<p><br></p>'. */
export function isContentEmpty(content: string): boolean {
  if (/<img\b/i.test(content)) return false;
  return (
    content
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

/** Field messages for what the client can check: title, category and content are required. */
export function validatePost(values: PostFormValues, texts: EditorTexts): PostFormErrors {
  const errors: PostFormErrors = {};
  if (values.title.trim() === '') errors.title = texts.validation.titleRequired;
  if (values.category.trim() === '') errors.category = texts.validation.categoryRequired;
  if (isContentEmpty(values.content)) errors.content = texts.validation.contentRequired;
  return errors;
}

/** The request body; an empty slug is made from the title (the server falls back further). */
export function toPostPayload(values: PostFormValues): PostPayload {
  const payload: PostPayload = {
    title: values.title.trim(),
    slug: slugify(values.slug) || slugify(values.title),
    content: values.content,
    excerpt: values.excerpt.trim(),
    category: values.category,
    coverImage: values.coverImage,
    language: values.language,
    published: values.published,
  };
  const publishedAt = fromLocalDateTimeInput(values.publishedAt);
  if (publishedAt !== undefined) payload.publishedAt = publishedAt;
  if (values.translationOf !== undefined) payload.translationOf = values.translationOf;
  if (values.sendNewsletter !== undefined) payload.sendNewsletter = values.sendNewsletter;
  return payload;
}

/**
 * A new translation of `source`: the other language, its title, excerpt, category and cover
 * carried over, the content left to write (or to translate with AI), linked when saved.
 */
export function translationValuesFrom(source: Post): PostFormValues {
  return {
    ...EMPTY_POST_VALUES,
    title: source.title,
    category: source.category,
    language: source.language === 'cs' ? 'en' : 'cs',
    excerpt: source.excerpt,
    coverImage: source.coverImage,
    translationOf: source.id,
  };
}

/**
 * The form after an AI translation: its title, excerpt and content replace the form's. A part the
 * model left empty (a Markdown answer without a heading has no title) keeps what the form has, so
 * a translation never blanks a field the author must then retype. The slug follows the new title
 * unless the author edited it.
 */
export function applyTranslation(
  current: PostFormValues,
  translated: AiTranslateResponse,
  slugEdited: boolean,
): PostFormValues {
  const title = translated.title.trim() || current.title;
  return {
    ...current,
    title,
    slug: slugEdited ? current.slug : slugify(title),
    excerpt: translated.excerpt.trim() || current.excerpt,
    content: translated.content.trim() ? translated.content : current.content,
  };
}
