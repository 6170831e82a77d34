// Query keys that hold posts, and one call that refreshes all of them after a post changes.
// The keys belong to their features (posts, search, admin-posts); src/app/query-keys.test.ts
// checks that they still match.
import type { QueryClient } from '@tanstack/react-query';

/** Post lists, single posts and category pages all live under this key (features/posts). */
export const POSTS_KEY = ['posts'] as const;
/** Search results (features/search). */
export const SEARCH_KEY = ['search'] as const;
/** The admin's list of every post (features/admin-posts). */
export const ADMIN_POSTS_KEY = ['admin-posts'] as const;
/** The signed-in author's own posts (features/my-posts). */
export const MY_POSTS_KEY = ['my-posts'] as const;

/** Marks every cached post query stale and refetches the ones on screen. */
export async function invalidatePostCaches(client: QueryClient): Promise<void> {
  await Promise.all(
    [POSTS_KEY, SEARCH_KEY, ADMIN_POSTS_KEY, MY_POSTS_KEY].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
