// Views of posts for the people who write them (issue 26): GET /api/post-views?days=30 (an
// author's own posts; every post for an admin unless mine) and GET /api/posts/id/{id}/views (one
// post's last 30 days, for whoever may edit it). What the server does not send reads as none.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface PostDays {
  days: { date: string; views: number }[];
  views: number;
}

/** Views of the last 30 days by post id. Rejects with ApiError (401, 403). */
export async function getPostViews(
  mine: boolean,
  signal?: AbortSignal,
): Promise<Record<number, number>> {
  const data = await api.get<unknown>('/api/post-views', {
    params: mine ? { days: 30, mine: 'true' } : { days: 30 },
    ...(signal ? { signal } : {}),
  });
  const views =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).views : undefined;
  const out: Record<number, number> = {};
  if (typeof views === 'object' && views !== null) {
    for (const [id, n] of Object.entries(views)) if (typeof n === 'number') out[Number(id)] = n;
  }
  return out;
}

/** One post's views per day over the last 30 days. Rejects with ApiError (401, 403, 404). */
export async function getPostDays(id: number, signal?: AbortSignal): Promise<PostDays> {
  const data = await api.get<unknown>(`/api/posts/id/${id}/views`, signal ? { signal } : {});
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const days = Array.isArray(record.days) ? (record.days as unknown[]) : [];
  return {
    days: days.flatMap((d) => {
      if (typeof d !== 'object' || d === null) return [];
      const { date, views } = d as Record<string, unknown>;
      return typeof date === 'string'
        ? [{ date, views: typeof views === 'number' ? views : 0 }]
        : [];
    }),
    views: typeof record.views === 'number' ? record.views : 0,
  };
}

export const usePostViews = (mine: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['post-views', mine ? 'mine' : 'all'] as const,
      queryFn: ({ signal }) => getPostViews(mine, signal),
    }),
  );

export const usePostDays = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: ['post-views', 'days', id] as const,
      queryFn: ({ signal }) => getPostDays(id, signal),
    }),
  );
