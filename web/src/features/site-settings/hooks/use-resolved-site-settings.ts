// Site settings for display: undefined while loading, the defaults if the call failed.
import type { SiteSettings } from '@/types/api';

import { useSiteSettings } from '../api/get-site-settings';
import { DEFAULT_SITE_SETTINGS } from '../utils/defaults';

export function useResolvedSiteSettings(): SiteSettings | undefined {
  const query = useSiteSettings();
  if (query.data) return query.data;
  return query.isError ? DEFAULT_SITE_SETTINGS : undefined;
}
