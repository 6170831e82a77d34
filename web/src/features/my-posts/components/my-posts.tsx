// My posts (/my-posts): the author's own posts with status, language and links to edit and view.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { CircleAlert, FilePlus2, FileText, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormatDate, useT } from '@/lib/i18n';
import { flattenPages } from '@/lib/paging';
import type { MyPost, MyPostStatus } from '@/types/api';

import { useMyPosts } from '../api/get-my-posts';

const STATUS_VARIANT: Record<MyPostStatus, NonNullable<BadgeProps['variant']>> = {
  draft: 'secondary',
  scheduled: 'warning',
  published: 'success',
  hidden: 'destructive',
};

function MyPostsSkeleton() {
  return (
    <div data-testid="my-posts-loading" className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The page's empty and error states: under the page's heading, so no heading of their own. */
function Notice({
  testId,
  icon,
  title,
  hint,
  action,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  hint?: string;
  action: ReactNode;
}) {
  return (
    <Card data-testid={testId} className="grid justify-items-center gap-3 p-10 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-indigo-50 text-indigo-600 [&_svg]:size-6">
        {icon}
      </span>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {hint ? <p className="text-sm text-slate-500">{hint}</p> : null}
      <div className="mt-2">{action}</div>
    </Card>
  );
}

/** What a row offers for a post without a counterpart ("Create translation"), composed in src/app. */
export type RenderCreateTranslation = (post: MyPost) => ReactNode;
/** A post's views (features/analytics), composed in src/app; none leaves them out. */
export type RenderViews = (post: MyPost) => ReactNode;

function MyPostRow({
  post,
  renderCreateTranslation,
  renderViews,
}: {
  post: MyPost;
  renderCreateTranslation?: RenderCreateTranslation | undefined;
  renderViews?: RenderViews | undefined;
}) {
  const trT = useTranslationsTexts();
  const desk = useDeskTexts();
  const formatDate = useFormatDate();
  const counterpart = post.translations?.[0];
  return (
    <li
      data-testid="my-post"
      data-slug={post.slug}
      data-status={post.status}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p data-testid="my-post-title" className="truncate font-semibold text-slate-900">
          {post.title}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <Badge data-testid="my-post-status" variant={STATUS_VARIANT[post.status]}>
            {desk.status[post.status]}
          </Badge>
          <span data-testid="my-post-language">{desk.languages[post.language]}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          <span aria-hidden="true">·</span>
          <span data-testid="my-post-counterpart">
            {trT.counterpart}:{' '}
            {counterpart ? (
              <Link
                className="text-indigo-600 hover:underline"
                to={paths.post.getHref(counterpart.slug)}
              >
                {counterpart.title}
              </Link>
            ) : (
              trT.none
            )}
          </span>
          {renderViews ? (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="my-post-views">{renderViews(post)}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {counterpart || !renderCreateTranslation ? null : renderCreateTranslation(post)}
        <Button asChild size="sm" variant="outline">
          <Link to={paths.post.getHref(post.slug)} data-testid="my-post-view">
            <FileText aria-hidden="true" />
            {desk.view}
          </Link>
        </Button>
        <Button asChild size="sm">
          <Link to={paths.postEdit.getHref(post.slug)} data-testid="my-post-edit">
            <Pencil aria-hidden="true" />
            {desk.edit}
          </Link>
        </Button>
      </div>
    </li>
  );
}

export function MyPosts({
  renderCreateTranslation,
  renderViews,
}: {
  renderCreateTranslation?: RenderCreateTranslation | undefined;
  renderViews?: RenderViews | undefined;
} = {}) {
  const t = useT();
  const desk = useDeskTexts();
  const query = useMyPosts();
  const posts = flattenPages(query.data?.pages);

  let body;
  if (query.isPending) {
    body = <MyPostsSkeleton />;
  } else if (query.isError) {
    body = (
      <Notice
        testId="my-posts-error"
        icon={<CircleAlert aria-hidden="true" />}
        title={desk.loadFailed}
        action={<Button onClick={() => void query.refetch()}>{desk.tryAgain}</Button>}
      />
    );
  } else if (posts.length === 0) {
    body = (
      <Notice
        testId="my-posts-empty"
        icon={<FileText aria-hidden="true" />}
        title={desk.empty}
        hint={desk.emptyHint}
        action={
          <Button asChild>
            <Link to={paths.postNew.getHref()}>{desk.newPost}</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <Card className="overflow-hidden">
        <ul data-testid="my-posts-list" className="divide-y divide-slate-200">
          {posts.map((post) => (
            <MyPostRow
              key={post.id}
              post={post}
              renderCreateTranslation={renderCreateTranslation}
              renderViews={renderViews}
            />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="border-t border-slate-200 p-4 text-center">
            <Button
              variant="outline"
              data-testid="my-posts-more"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t.posts.loadingMore : t.posts.loadMore}
            </Button>
          </div>
        ) : null}
      </Card>
    );
  }

  return (
    <PageShell
      className="max-w-4xl"
      title={desk.myPosts}
      description={desk.description}
      actions={
        <Button asChild size="sm" data-testid="my-posts-new">
          <Link to={paths.postNew.getHref()}>
            <FilePlus2 aria-hidden="true" />
            {desk.newPost}
          </Link>
        </Button>
      }
    >
      {body}
    </PageShell>
  );
}
