// Admin → Import (/admin/import): moving a WordPress, Ghost or PayTech Blog export in.
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ImportPanel } from '@/features/admin-import/components/import-panel';
import { useImportTexts } from '@/lib/i18n/import-texts';

export function AdminImportRoute() {
  const texts = useImportTexts();
  return (
    <PageShell
      title={texts.title}
      description={texts.description}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={paths.admin.getHref()}>
            <LayoutDashboard aria-hidden="true" />
            {texts.backToDashboard}
          </Link>
        </Button>
      }
    >
      <div className="max-w-3xl">
        <ImportPanel />
      </div>
    </PageShell>
  );
}
