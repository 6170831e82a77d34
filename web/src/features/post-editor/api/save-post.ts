// POST /api/posts creates a post, PUT /api/posts/id/{id} (or /api/posts/{slug}) updates one;
// both answer the post's {slug}.
import { api } from '@/lib/api-client';

import type { PostPayload } from '../utils/post-form';

export interface SavedPost {
  slug: string;
}

/** The answer's slug, '' when the server sent none. */
function savedPostOf(data: unknown): SavedPost {
  const slug =
    typeof data === 'object' && data !== null && 'slug' in data && typeof data.slug === 'string'
      ? data.slug
      : '';
  return { slug };
}

/** Which post to update: by id when known, else by its slug. */
export interface PostTarget {
  id?: number | undefined;
  slug: string;
}

/**
 * Rejects with ApiError: 400 with field messages ('Title is required', ...), 409 'A post with this
 * slug already exists' (fields.slug), 401 logged out, 403 pending, rejected or not the author.
 */
export async function createPost(payload: PostPayload): Promise<SavedPost> {
  return savedPostOf(await api.post<unknown>('/api/posts', payload));
}

/** Rejects with ApiError as createPost does, and 404 when the post is gone. */
export async function updatePost(target: PostTarget, payload: PostPayload): Promise<SavedPost> {
  const path =
    target.id !== undefined
      ? `/api/posts/id/${target.id}`
      : `/api/posts/${encodeURIComponent(target.slug)}`;
  return savedPostOf(await api.put<unknown>(path, payload));
}
