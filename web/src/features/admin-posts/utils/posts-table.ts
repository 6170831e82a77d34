// Filtering and describing the rows of the Manage Posts table.
import type { PostSummary } from '@/types/api';

export const STATUS_FILTERS = ['all', 'published', 'unpublished', 'missing-translation'] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function filterPosts<T extends Pick<PostSummary, 'published' | 'translations'>>(
  posts: readonly T[],
  filter: StatusFilter,
): T[] {
  if (filter === 'published') return posts.filter((post) => post.published);
  if (filter === 'unpublished') return posts.filter((post) => !post.published);
  if (filter === 'missing-translation') return posts.filter((post) => !counterpartOf(post));
  return [...posts];
}

/** The post's counterpart in the other language (the admin list names drafts too), or none. */
export function counterpartOf(post: Pick<PostSummary, 'translations'>) {
  return post.translations?.[0] ?? null;
}

/** True when the post's publication date is still ahead. */
export function isScheduled(
  post: Pick<PostSummary, 'publishedAt'>,
  now: Date = new Date(),
): boolean {
  const at = Date.parse(post.publishedAt);
  return Number.isFinite(at) && at > now.getTime();
}
