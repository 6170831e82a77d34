// Card lists and their states: placeholders, error, empty message, the grid and 'Load more'.
import { FileSearch, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { SearchHit } from '@/types/api';

import { useInView } from '../hooks/use-in-view';

import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

export const PLACEHOLDER_CARDS = 4;

export type GridColumns = 2 | 3;

const columnClasses: Record<GridColumns, string> = {
  2: 'grid gap-6 sm:grid-cols-2',
  3: 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3',
};

interface PostGridProps {
  /** Cards; a hit's `snippet` replaces its excerpt. */
  posts: readonly SearchHit[];
  currentUserId?: number | null | undefined;
  columns?: GridColumns;
  testId?: string;
  /** Heading level of the card titles (PostCard). */
  cardHeadingLevel?: 2 | 3;
  /** Whether the first card's cover is fetched at once (PostCard's `priority`). */
  priorityFirst?: boolean;
}

export function PostGrid({
  posts,
  currentUserId,
  columns = 2,
  testId = 'post-grid',
  cardHeadingLevel,
  priorityFirst = false,
}: PostGridProps) {
  return (
    <div data-testid={testId} className={columnClasses[columns]}>
      {posts.map((post, index) => (
        <PostCard
          key={post.id}
          post={post}
          currentUserId={currentUserId}
          snippet={post.snippet}
          headingLevel={cardHeadingLevel}
          priority={priorityFirst && index === 0}
        />
      ))}
    </div>
  );
}

export function PostGridSkeleton({ columns = 2 }: { columns?: GridColumns }) {
  const t = useT();
  return (
    <div data-testid="post-grid-loading" aria-busy="true" className={columnClasses[columns]}>
      <span className="sr-only" role="status">
        {t.common.loading}
      </span>
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}

interface FeedMessageProps {
  title: string;
  hint: string;
  action?: ReactNode;
}

/** The empty state of a list: an icon, a title and a hint. */
export function FeedMessage({ title, hint, action }: FeedMessageProps) {
  return (
    <div
      data-testid="post-list-empty"
      className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-indigo-50 text-indigo-600">
        <FileSearch aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-md text-slate-600">{hint}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** 'Failed to fetch posts' with the server's reason. */
export function FeedError({ error }: { error: Error | null }) {
  const t = useT();
  return (
    <Alert variant="destructive" data-testid="post-list-error">
      <AlertTitle>{t.posts.fetchFailed}</AlertTitle>
      {error?.message ? <AlertDescription>{error.message}</AlertDescription> : null}
    </Alert>
  );
}

export interface FeedPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' button that also fires by itself when it scrolls into view. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: FeedPaging) {
  const t = useT();
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useInView<HTMLDivElement>(loadMore, hasNextPage && !isFetchingNextPage);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="mt-8 flex justify-center">
      <Button
        variant="outline"
        data-testid="load-more"
        disabled={isFetchingNextPage}
        onClick={loadMore}
      >
        {isFetchingNextPage ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {isFetchingNextPage ? t.posts.loadingMore : t.posts.loadMore}
      </Button>
    </div>
  );
}

interface PostFeedProps {
  posts: readonly SearchHit[] | undefined;
  status: 'pending' | 'error' | 'success';
  /** Shown instead of the default 'Failed to fetch posts' box when the call failed. */
  errorView?: ReactNode;
  error?: Error | null;
  empty: FeedMessageProps;
  currentUserId?: number | null | undefined;
  columns?: GridColumns;
  paging?: FeedPaging | undefined;
  className?: string;
}

/** A list through its states: loading, error, empty, then the cards and paging. */
export function PostFeed({
  posts,
  status,
  errorView,
  error = null,
  empty,
  currentUserId,
  columns = 2,
  paging,
  className,
}: PostFeedProps) {
  const failure = errorView ?? <FeedError error={error} />;
  let body: ReactNode;
  if (status === 'pending') {
    body = <PostGridSkeleton columns={columns} />;
  } else if (posts && posts.length > 0) {
    // A failed next page keeps the pages already shown and reports below them.
    body = (
      <>
        {/* The feed sits right under the page's h1 (category, search): its cards are h2s. */}
        <PostGrid
          posts={posts}
          currentUserId={currentUserId}
          columns={columns}
          cardHeadingLevel={2}
          priorityFirst
        />
        {status === 'error' ? <div className="mt-8">{failure}</div> : null}
        {status !== 'error' && paging ? <LoadMore {...paging} /> : null}
      </>
    );
  } else if (status === 'error') {
    body = failure;
  } else {
    body = <FeedMessage {...empty} />;
  }
  return <div className={cn(className)}>{body}</div>;
}
