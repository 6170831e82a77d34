// GET /api/admin/search-stats?days=7|30 (admins): the top queries and the top queries that found
// nothing. Lists the server does not send read as empty.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryCount, SearchStats } from '@/types/api';

export type StatsDays = 7 | 30;

function countsOf(value: unknown): QueryCount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const { query, count } = row as Record<string, unknown>;
    return typeof query === 'string' && typeof count === 'number' ? [{ query, count }] : [];
  });
}

/** Rejects with ApiError: 401 signed out, 403 not an admin. */
export async function getSearchStats(days: StatsDays, signal?: AbortSignal): Promise<SearchStats> {
  const data = await api.get<unknown>('/api/admin/search-stats', {
    params: { days },
    ...(signal ? { signal } : {}),
  });
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return { top: countsOf(record.top), zeroResults: countsOf(record.zeroResults) };
}

export const searchStatsQueryKey = (days: StatsDays) => ['admin', 'search-stats', days] as const;

export const getSearchStatsQueryOptions = (days: StatsDays) =>
  queryOptions({
    queryKey: searchStatsQueryKey(days),
    queryFn: ({ signal }) => getSearchStats(days, signal),
  });

export const useSearchStats = (days: StatsDays) => useQuery(getSearchStatsQueryOptions(days));
