// Home: the hero, then 'Latest Articles' — featured and latest posts of the reader's content
// language with paging — beside the 'Content Filters' sidebar.
import { LogIn, PenSquare } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { usePopularPosts } from '@/features/posts/api/get-popular-posts';
import { usePosts } from '@/features/posts/api/get-posts';
import {
  FeedError,
  FeedMessage,
  type FeedPaging,
  LoadMore,
  PostGrid,
  PostGridSkeleton,
} from '@/features/posts/components/post-grid';
import { useContentLanguage } from '@/features/posts/hooks/use-change-content-language';
import { SearchBox } from '@/features/search/components/search-box';
import { Hero } from '@/features/site-settings/components/hero';
import { useT } from '@/lib/i18n';
import { flattenPages } from '@/lib/paging';
import type { PostSummary } from '@/types/api';

import { ContentSidebar } from './content-sidebar';

const LATEST_ARTICLES_ID = 'latest-articles';
const FEATURED_COUNT = 3;

function AuthorAction() {
  const t = useT();
  const user = useUser();
  if (user.isPending) return null;
  if (user.data) {
    return (
      <Button asChild data-testid="create-post-button">
        <Link to={paths.postNew.getHref()}>
          <PenSquare aria-hidden="true" />
          {t.posts.createNewPost}
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" data-testid="home-sign-in">
      <Link to={paths.auth.getHref()}>
        <LogIn aria-hidden="true" />
        {t.header.signIn}
      </Link>
    </Button>
  );
}

function SubHeading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="mb-4 text-lg font-semibold tracking-tight text-slate-900">
      {children}
    </h3>
  );
}

function HomePosts({
  posts,
  currentUserId,
  paging,
}: {
  posts: PostSummary[];
  currentUserId: number | null;
  paging: FeedPaging;
}) {
  const t = useT();
  const featured = posts.slice(0, FEATURED_COUNT);
  const latest = posts.slice(FEATURED_COUNT);
  return (
    <div className="space-y-10">
      <section aria-labelledby="featured-posts-heading" data-testid="featured-posts">
        <SubHeading id="featured-posts-heading">{t.posts.featured}</SubHeading>
        <PostGrid
          posts={featured}
          currentUserId={currentUserId}
          columns={3}
          testId="featured-grid"
        />
      </section>
      {latest.length > 0 ? (
        <section aria-labelledby="latest-posts-heading" data-testid="latest-posts">
          <SubHeading id="latest-posts-heading">{t.posts.latest}</SubHeading>
          <PostGrid posts={latest} currentUserId={currentUserId} columns={2} />
        </section>
      ) : null}
      <LoadMore {...paging} />
    </div>
  );
}

export function HomeRoute() {
  const t = useT();
  const user = useUser();
  const language = useContentLanguage();
  const query = usePosts(language);
  const popular = usePopularPosts(language);
  const posts = flattenPages(query.data?.pages);
  const currentUserId = user.data?.id ?? null;

  let list;
  if (query.isPending) {
    list = <PostGridSkeleton columns={2} />;
  } else if (posts.length > 0) {
    list = (
      <>
        <HomePosts
          posts={posts}
          currentUserId={currentUserId}
          paging={{
            hasNextPage: query.hasNextPage && !query.isError,
            isFetchingNextPage: query.isFetchingNextPage,
            fetchNextPage: query.fetchNextPage,
          }}
        />
        {query.isError ? (
          <div className="mt-8">
            <FeedError error={query.error} />
          </div>
        ) : null}
      </>
    );
  } else if (query.isError) {
    list = <FeedError error={query.error} />;
  } else {
    list = <FeedMessage title={t.posts.noArticles} hint={t.posts.noArticlesHint} />;
  }

  return (
    <>
      <Hero search={<SearchBox />} latestArticlesId={LATEST_ARTICLES_ID} />
      <section
        id={LATEST_ARTICLES_ID}
        data-testid="latest-articles"
        className="container scroll-mt-20 py-12 md:py-16"
      >
        <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
            {t.home.latestArticles}
          </h2>
          <AuthorAction />
        </div>
        {/* The filters first: above the posts on a phone, beside them (column 2) on a wide screen,
            and never painted below them while the server's page is still being read. */}
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <ContentSidebar posts={posts} popular={popular.data} subscribe />
          <div data-testid="home-post-list" aria-busy={query.isPending}>
            {list}
          </div>
        </div>
      </section>
    </>
  );
}
