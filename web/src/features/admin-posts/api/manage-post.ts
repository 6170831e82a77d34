// The admin's changes to one post: publication date, visibility, deletion.
import { api } from '@/lib/api-client';

export interface TogglePublishedResponse {
  published: boolean;
  /** 'Post published successfully' or 'Post unpublished successfully'. */
  message: string;
}

/** PATCH /api/admin/posts/{id}/update-date; rejects with ApiError (400 bad date, 404). */
export function updatePostDate(id: number, publishedAt: string): Promise<unknown> {
  return api.patch<unknown>(`/api/admin/posts/${id}/update-date`, { publishedAt });
}

/** PATCH /api/admin/posts/{id}/toggle-published; rejects with ApiError (404). */
export function togglePublished(id: number): Promise<TogglePublishedResponse> {
  return api.patch<TogglePublishedResponse>(`/api/admin/posts/${id}/toggle-published`);
}

/** DELETE /api/admin/posts/{id}; rejects with ApiError (404). */
export function deletePost(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/admin/posts/${id}`);
}
