// GET /api/categories for the editor's category list: built-in and sidebar-created categories.
// The key is the categories feature's (features do not import each other; query-keys.test.ts
// keeps the two in step), so a category created in the sidebar shows here at once.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const editorCategoriesQueryKey = ['categories'] as const;

/** Rejects with ApiError on an error status; anything but strings counts as no category. */
export async function getEditorCategories(signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<unknown>('/api/categories', signal ? { signal } : {});
  return Array.isArray(data)
    ? data.filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    : [];
}

export const useEditorCategories = () =>
  useQuery(
    queryOptions({
      queryKey: editorCategoriesQueryKey,
      queryFn: ({ signal }) => getEditorCategories(signal),
    }),
  );
