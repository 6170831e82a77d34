// GET /api/categories: the category names, built-in ones first, then custom ones.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

/** Rejects with ApiError on an error status; anything but an array of strings counts as none. */
export async function getCategories(signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<unknown>('/api/categories', signal ? { signal } : {});
  return Array.isArray(data)
    ? data.filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    : [];
}

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
