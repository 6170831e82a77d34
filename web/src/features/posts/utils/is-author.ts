// Whether the signed-in reader wrote the post (spec §6: only the author sees the edit button).
import type { PostSummary } from '@/types/api';

export function isAuthor(
  post: Pick<PostSummary, 'authorId'>,
  currentUserId: number | null | undefined,
): boolean {
  return currentUserId !== undefined && currentUserId !== null && post.authorId === currentUserId;
}
