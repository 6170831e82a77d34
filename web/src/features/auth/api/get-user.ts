// GET /api/user: the signed-in user, or null when the session is missing (401).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SESSION_REFETCH_INTERVAL_MS, SESSION_STALE_TIME_MS } from '@/config/constants';
import { api, ApiError } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import { mayHaveSession } from '@/lib/session-hint';
import type { User } from '@/types/api';

/**
 * Resolves null on 401, and at once when the page came without a session cookie; any other
 * failed status rejects with 'Authentication error: {status}'.
 */
export async function getUser(): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    return await api.get<User>('/api/user', {
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return null;
    throw new ApiError(`Authentication error: ${error.status}`, error.status, error.fields);
  }
}

export const userQueryKey = ['user'] as const;

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getUser,
    staleTime: SESSION_STALE_TIME_MS,
    refetchInterval: SESSION_REFETCH_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });

interface UseUserOptions {
  queryConfig?: QueryConfig<typeof getUserQueryOptions>;
}

export const useUser = ({ queryConfig }: UseUserOptions = {}) =>
  useQuery({ ...getUserQueryOptions(), ...queryConfig });
