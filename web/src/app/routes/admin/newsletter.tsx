// Admin → Newsletter (/admin/newsletter), for admins only: the subscribers and the posts' mails.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PostsCard } from '@/features/newsletter-admin/components/posts-card';
import { SubscribersCard } from '@/features/newsletter-admin/components/subscribers-card';
import { useNewsletterAdminTexts } from '@/features/newsletter-admin/utils/texts';
import { useAdminTexts } from '@/lib/i18n/admin-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminNewsletterRoute() {
  const texts = useNewsletterAdminTexts();
  const adminT = useAdminTexts();
  useDocumentTitle(texts.title);
  return (
    <PageShell
      title={texts.title}
      description={texts.description}
      actions={
        <Button asChild variant="outline" size="sm" data-testid="newsletter-dashboard-link">
          <Link to={paths.admin.getHref()}>
            <ArrowLeft aria-hidden="true" />
            {adminT.dashboardTitle}
          </Link>
        </Button>
      }
    >
      <div className="grid gap-6">
        <SubscribersCard />
        <PostsCard />
      </div>
    </PageShell>
  );
}
