// Admin dashboard (/admin): links to the other admin pages, the user approval tabs, what readers
// search for (and do not find) and the glossary that search and the translator share.
import {
  BarChart3,
  Download,
  FilePlus2,
  FileText,
  Home,
  Mail,
  Settings,
  Upload,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { UsersDashboard } from '@/features/admin-users/components/users-dashboard';
import { GlossaryEditor } from '@/features/search-admin/components/glossary-editor';
import { SearchStatsCard } from '@/features/search-admin/components/search-stats-card';
import { useT } from '@/lib/i18n';
import { useAdminTexts } from '@/lib/i18n/admin-texts';

function NavButton({
  to,
  icon,
  label,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  return (
    <Button asChild variant="outline" size="sm" data-testid={testId}>
      <Link to={to}>
        {icon}
        {label}
      </Link>
    </Button>
  );
}

export function AdminDashboardRoute() {
  const t = useT();
  const adminT = useAdminTexts();
  return (
    <PageShell
      title={adminT.dashboardTitle}
      description={adminT.dashboardSubtitle}
      actions={
        <>
          <NavButton
            to={paths.home.getHref()}
            icon={<Home aria-hidden="true" />}
            label={t.common.returnToHomepage}
            testId="admin-home-link"
          />
          <NavButton
            to={paths.adminPosts.getHref()}
            icon={<FileText aria-hidden="true" />}
            label={adminT.managePosts}
            testId="admin-posts-link"
          />
          <NavButton
            to={paths.adminSiteSettings.getHref()}
            icon={<Settings aria-hidden="true" />}
            label={adminT.siteSettings}
            testId="admin-settings-link"
          />
          <NavButton
            to={paths.adminImport.getHref()}
            icon={<Upload aria-hidden="true" />}
            label={adminT.importSite}
            testId="admin-import-link"
          />
          {/* A plain link: the browser downloads the archive (Content-Disposition: attachment). */}
          <Button asChild variant="outline" size="sm" data-testid="admin-export-link">
            <a href="/api/admin/export" download title={adminT.exportSiteHint}>
              <Download aria-hidden="true" />
              {adminT.exportSite}
            </a>
          </Button>
          <NavButton
            to={paths.adminAnalytics.getHref()}
            icon={<BarChart3 aria-hidden="true" />}
            label={adminT.analytics}
            testId="admin-analytics-link"
          />
          <NavButton
            to={paths.adminNewsletter.getHref()}
            icon={<Mail aria-hidden="true" />}
            label={adminT.newsletter}
            testId="admin-newsletter-link"
          />
          <Button asChild size="sm" data-testid="admin-create-post-link">
            <Link to={paths.postEditor.getHref()}>
              <FilePlus2 aria-hidden="true" />
              {adminT.createPost}
            </Link>
          </Button>
        </>
      }
    >
      <UsersDashboard />
      <div className="mt-8 grid gap-6">
        <SearchStatsCard />
        <GlossaryEditor />
      </div>
    </PageShell>
  );
}
