// POST /api/logout: ends the session. The caller clears the cached user (clearUser) once it has
// left any page that needs one.
import { useMutation, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

import { userQueryKey } from './get-user';

/** Rejects with ApiError when the server refuses, TypeError when it cannot be reached. */
export async function logout(): Promise<void> {
  await api.post<unknown>('/api/logout');
}

/** Marks the session as gone: every useUser() reads null. */
export function clearUser(queryClient: QueryClient): void {
  queryClient.setQueryData(userQueryKey, null);
}

interface UseLogoutOptions {
  mutationConfig?: MutationConfig<typeof logout>;
}

export function useLogout({ mutationConfig }: UseLogoutOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: logout });
}
