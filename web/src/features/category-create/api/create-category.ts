// POST /api/categories: a new custom category; the category list is refreshed afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface CreatedCategory {
  id: number;
  name: string;
  createdAt: string;
}

/** The category list's key (features/categories owns it; src/app/query-keys.test.ts checks it). */
export const CATEGORIES_KEY = ['categories'] as const;

/**
 * Rejects with ApiError: 400 'Category name must be at least 3 characters', 409 'Category already
 * exists', 401 logged out, 403 pending or rejected.
 */
export function createCategory(name: string): Promise<CreatedCategory> {
  return api.post<CreatedCategory>('/api/categories', { name });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}
