// Shown for a missing post or a failed call: 'Post Not Found' with two ways home.
import { FileX2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { StatusScreen } from '@/components/layouts/status-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

export function PostNotFound() {
  const t = useT();
  return (
    <StatusScreen
      testId="post-not-found"
      icon={<FileX2 aria-hidden="true" />}
      title={t.posts.notFound.title}
      message={t.posts.notFound.message}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline" data-testid="post-not-found-back">
            <Link to={paths.home.getHref()}>{t.common.backToHome}</Link>
          </Button>
          <Button asChild data-testid="post-not-found-home">
            <Link to={paths.home.getHref()}>{t.common.returnToHomepage}</Link>
          </Button>
        </div>
      }
    />
  );
}
