// Search results (/search?q=…): the search box prefilled with the query and the heading.
import { useSearchParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { SearchBox } from '@/features/search/components/search-box';
import { interpolate, useT } from '@/lib/i18n';

import { BackLink } from './back-link';

export function SearchRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();

  return (
    <PageShell
      title={interpolate(t.search.resultsFor, { query })}
      actions={<BackLink to={paths.home.getHref()} label={t.common.backToHome} />}
    >
      <SearchBox key={query} initialQuery={query} className="max-w-2xl" />
    </PageShell>
  );
}
