// GET /api/admin/users: every account, for the admin dashboard.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { User } from '@/types/api';

/** Rejects with ApiError: 401 signed out, 403 not an admin. */
export function getUsers(): Promise<User[]> {
  return api.get<User[]>('/api/admin/users');
}

export const usersQueryKey = ['admin', 'users'] as const;

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: usersQueryKey,
    queryFn: getUsers,
  });

interface UseUsersOptions {
  queryConfig?: QueryConfig<typeof getUsersQueryOptions>;
}

export const useUsers = ({ queryConfig }: UseUsersOptions = {}) =>
  useQuery({ ...getUsersQueryOptions(), ...queryConfig });
