// Admin dashboard (/admin).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function AdminDashboardRoute() {
  const t = useT();
  return <PageShell title={t.admin.dashboardTitle} description={t.admin.dashboardSubtitle} />;
}
