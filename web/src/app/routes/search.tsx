// Search results (/search?q=…&category=…): the box prefilled, the heading, the suggestion, the
// filters (category facets, the content filter and the offer of the hits it hid) and the hits of
// the reader's content language; a blank query goes home (spec §5).
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PostFeed } from '@/features/posts/components/post-grid';
import {
  useChangeContentLanguage,
  useContentLanguage,
} from '@/features/posts/hooks/use-change-content-language';
import { useSearchPosts } from '@/features/search/api/search-posts';
import { SearchBox } from '@/features/search/components/search-box';
import { SearchError, SearchSuggestion } from '@/features/search/components/search-feedback';
import { refinementsBox } from '@/features/search/utils/refinements-layout';
import { resultCountText } from '@/features/search/utils/result-count';
import { interpolate, useLanguage, useT } from '@/lib/i18n';

import { BackLink } from './back-link';
import { useCurrentUserId } from './use-current-user-id';

// The filters load beside the first answer rather than with the page: the reader's first-visit
// budget has no room for them.
const loadRefinements = () => import('@/features/search/components/search-refinements');
const SearchRefinements = lazy(async () => ({
  default: (await loadRefinements()).SearchRefinements,
}));

function SearchResults({ query, category }: { query: string; category: string }) {
  const t = useT();
  const language = useLanguage();
  const contentLanguage = useContentLanguage();
  const changeContentLanguage = useChangeContentLanguage();
  const currentUserId = useCurrentUserId();
  const search = useSearchPosts(query, contentLanguage, category);
  const pages = search.data?.pages ?? [];
  const first = pages[0];
  const hits = pages.flatMap((page) => page.results);

  // At least a screen tall: when 'No results found' replaces the four placeholders, the footer
  // must not rise into view (the layout shift Lighthouse counted on a phone).
  return (
    <div data-testid="search-results" className="min-h-screen space-y-6">
      {/* The row is there from the first paint, one line high, so that the cards below it do not
          move down when the suggestion and the count arrive. */}
      <div
        data-testid="search-summary"
        className="flex min-h-6 flex-wrap items-baseline justify-between gap-3"
      >
        {first ? <SearchSuggestion suggestion={first.suggestion} /> : null}
        {first && hits.length > 0 ? (
          <p data-testid="search-count" className="text-sm text-slate-500">
            {resultCountText(t, language, first.total)}
          </p>
        ) : null}
      </div>
      {first ? (
        <Suspense fallback={<div aria-hidden="true" className={refinementsBox} />}>
          <SearchRefinements
            query={query}
            category={category}
            page={first}
            contentLanguage={contentLanguage}
            onContentLanguage={changeContentLanguage}
          />
        </Suspense>
      ) : search.status === 'pending' ? (
        <div aria-hidden="true" className={refinementsBox} />
      ) : null}
      <PostFeed
        posts={hits}
        status={search.status}
        error={search.error}
        errorView={<SearchError message={search.error?.message ?? t.errors.generic} />}
        empty={{
          title: t.search.noResults,
          hint: t.search.noResultsHint,
          action: (
            <Button asChild variant="outline">
              <Link to={paths.home.getHref()}>{t.search.browseAll}</Link>
            </Button>
          ),
        }}
        currentUserId={currentUserId}
        columns={2}
        paging={{
          hasNextPage: search.hasNextPage,
          isFetchingNextPage: search.isFetchingNextPage,
          fetchNextPage: search.fetchNextPage,
        }}
      />
    </div>
  );
}

export function SearchRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const category = (params.get('category') ?? '').trim();

  useEffect(() => {
    loadRefinements().catch(() => undefined);
  }, []);

  if (query === '') return <Navigate to={paths.home.getHref()} replace />;

  return (
    <PageShell
      title={interpolate(t.search.resultsFor, { query })}
      actions={<BackLink to={paths.home.getHref()} label={t.common.backToHome} />}
    >
      <SearchBox key={query} initialQuery={query} className="max-w-2xl" />
      <div className="mt-8">
        <SearchResults key={`${query}\n${category}`} query={query} category={category} />
      </div>
    </PageShell>
  );
}
