// GET /api/site-settings: title, description, colours and image of the home page hero.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';
import type { SiteSettings } from '@/types/api';

/** Rejects with ApiError when the server answers an error status. */
export function getSiteSettings(): Promise<SiteSettings> {
  return api.get<SiteSettings>('/api/site-settings');
}

export const siteSettingsQueryKey = ['site-settings'] as const;

export const getSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsQueryKey,
    queryFn: getSiteSettings,
  });

interface UseSiteSettingsOptions {
  queryConfig?: QueryConfig<typeof getSiteSettingsQueryOptions>;
}

export const useSiteSettings = ({ queryConfig }: UseSiteSettingsOptions = {}) =>
  useQuery({ ...getSiteSettingsQueryOptions(), ...queryConfig });
