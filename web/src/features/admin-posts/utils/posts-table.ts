// Filtering and describing the rows of the Manage Posts table.
import type { PostSummary } from '@/types/api';

export const STATUS_FILTERS = ['all', 'published', 'unpublished'] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function filterPosts<T extends Pick<PostSummary, 'published'>>(
  posts: readonly T[],
  filter: StatusFilter,
): T[] {
  if (filter === 'published') return posts.filter((post) => post.published);
  if (filter === 'unpublished') return posts.filter((post) => !post.published);
  return [...posts];
}

/** True when the post's publication date is still ahead. */
export function isScheduled(
  post: Pick<PostSummary, 'publishedAt'>,
  now: Date = new Date(),
): boolean {
  const at = Date.parse(post.publishedAt);
  return Number.isFinite(at) && at > now.getTime();
}
