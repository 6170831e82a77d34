// Admin → Analytics (/admin/analytics), for admins only: what readers read (the analytics feature)
// beside what they search for (the search-admin feature), each as charts with their tables.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AnalyticsCard } from '@/features/analytics/components/analytics-card';
import { useAnalyticsTexts } from '@/features/analytics/utils/texts';
import { SearchStatsCard } from '@/features/search-admin/components/search-stats-card';
import { useAdminTexts } from '@/lib/i18n/admin-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminAnalyticsRoute() {
  const texts = useAnalyticsTexts();
  const adminT = useAdminTexts();
  useDocumentTitle(texts.title);
  return (
    <PageShell
      title={texts.title}
      description={texts.description}
      actions={
        <Button asChild variant="outline" size="sm" data-testid="analytics-dashboard-link">
          <Link to={paths.admin.getHref()}>
            <ArrowLeft aria-hidden="true" />
            {adminT.dashboardTitle}
          </Link>
        </Button>
      }
    >
      <div className="grid gap-6">
        <AnalyticsCard />
        <SearchStatsCard />
      </div>
    </PageShell>
  );
}
