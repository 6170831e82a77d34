// The site title from the settings, for the header and footer.
import { Skeleton } from '@/components/ui/skeleton';

import { useResolvedSiteSettings } from '../hooks/use-resolved-site-settings';

export function SiteTitle() {
  const settings = useResolvedSiteSettings();
  if (!settings) return <Skeleton className="inline-block h-5 w-28 align-middle" />;
  return <>{settings.siteTitle}</>;
}
