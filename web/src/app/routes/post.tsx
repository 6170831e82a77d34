// Post detail (/post/:slug and /posts/:slug).
import { useParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

import { BackLink } from './back-link';

export function PostRoute() {
  const t = useT();
  const { slug = '' } = useParams();
  return (
    <PageShell
      title={slug}
      actions={<BackLink to={paths.home.getHref()} label={t.common.backToAllPosts} />}
    />
  );
}
