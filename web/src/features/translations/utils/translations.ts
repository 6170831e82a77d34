// Linked translations (issue 13): a post's counterpart in the other language and the links to it.
import { paths } from '@/config/paths';
import type { PostSummary, PostTranslation } from '@/types/api';

export type PostLanguage = 'en' | 'cs';

export function otherLanguage(language: PostLanguage): PostLanguage {
  return language === 'cs' ? 'en' : 'cs';
}

/** The post's visible counterpart, if it has one. */
export function counterpartOf(post: Pick<PostSummary, 'translations'>): PostTranslation | null {
  return post.translations?.[0] ?? null;
}

/** The editor for a new translation of the post, linked to it. */
export function createTranslationHref(post: Pick<PostSummary, 'slug'>): string {
  return paths.postNew.getTranslationHref(post.slug);
}

/** Posts without a counterpart (Manage Posts' "Missing translation" filter). */
export function missingTranslation<T extends Pick<PostSummary, 'translations'>>(
  posts: readonly T[],
): T[] {
  return posts.filter((post) => counterpartOf(post) === null);
}
