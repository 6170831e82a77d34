// GET /api/admin/analytics?days=7|30|90 (admins, issue 26): views and visitors per day, the top
// posts and referrer domains, and views by language. What the server does not send reads as empty.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type AnalyticsDays = 7 | 30 | 90;

export interface AnalyticsDay {
  date: string;
  views: number;
  visitors: number;
}
export interface Named {
  name: string;
  views: number;
}
export interface Analytics {
  days: AnalyticsDay[];
  posts: { id: number; slug: string; title: string; views: number }[];
  referrers: Named[];
  postLanguages: Named[];
  interfaceLanguages: Named[];
  enabled: boolean;
}

function rows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
}
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function analyticsOf(data: unknown): Analytics {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const languages =
    typeof record.languages === 'object' && record.languages !== null
      ? (record.languages as Record<string, unknown>)
      : {};
  const named = (value: unknown, key: string) =>
    rows(value).map((row) => ({ name: str(row[key]), views: num(row.views) }));
  return {
    days: rows(record.days).map((d) => ({
      date: str(d.date),
      views: num(d.views),
      visitors: num(d.visitors),
    })),
    posts: rows(record.posts).map((p) => ({
      id: num(p.id),
      slug: str(p.slug),
      title: str(p.title),
      views: num(p.views),
    })),
    referrers: named(record.referrers, 'domain'),
    postLanguages: named(languages.posts, 'language'),
    interfaceLanguages: named(languages.interface, 'language'),
    enabled: record.enabled !== false,
  };
}

/** Rejects with ApiError: 401 signed out, 403 not an admin. */
export async function getAnalytics(days: AnalyticsDays, signal?: AbortSignal): Promise<Analytics> {
  const data = await api.get<unknown>('/api/admin/analytics', {
    params: { days },
    ...(signal ? { signal } : {}),
  });
  return analyticsOf(data);
}

export const analyticsQueryKey = (days: AnalyticsDays) => ['admin', 'analytics', days] as const;

export const useAnalytics = (days: AnalyticsDays) =>
  useQuery(
    queryOptions({
      queryKey: analyticsQueryKey(days),
      queryFn: ({ signal }) => getAnalytics(days, signal),
    }),
  );
