// Posts of one category (/category/:category); the router hands over the decoded name.
import { useParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { interpolate, useT } from '@/lib/i18n';

import { BackLink } from './back-link';

export function CategoryRoute() {
  const t = useT();
  const { category = '' } = useParams();
  return (
    <PageShell
      title={category}
      description={interpolate(t.category.description, { category })}
      actions={<BackLink to={paths.home.getHref()} label={t.common.backToAllPosts} />}
    />
  );
}
