// Site Settings (/admin/site-settings).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function AdminSiteSettingsRoute() {
  const t = useT();
  return <PageShell title={t.admin.siteSettings} />;
}
