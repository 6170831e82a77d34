// Manage Posts (/admin/posts): every post with its status, visibility switch and actions.
import { useTranslationsTexts } from '@/lib/i18n/translations-texts';
import { format, isValid, parseISO } from 'date-fns';
import {
  CalendarClock,
  CircleAlert,
  Eye,
  EyeOff,
  FilePlus2,
  Home,
  Languages,
  LayoutDashboard,
  Pencil,
  ShieldAlert,
  Trash2,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { StatusScreen } from '@/components/layouts/status-screen';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { paths } from '@/config/paths';
import { interpolate, useFormatDate } from '@/lib/i18n';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
import { cn } from '@/lib/utils';
import type { PostSummary } from '@/types/api';

import { useAdminPosts } from '../api/get-admin-posts';
import { useDeletePost, useTogglePublished, useUpdatePostDate } from '../hooks/use-manage-post';
import { adminPostErrorMessage } from '../utils/messages';
import {
  counterpartOf,
  filterPosts,
  isScheduled,
  STATUS_FILTERS,
  type StatusFilter,
} from '../utils/posts-table';

import { DeletePostDialog } from './delete-post-dialog';
import { EditDateDialog } from './edit-date-dialog';

const COLUMN_COUNT = 7;

/** A post's views (features/analytics), composed in src/app: a Views column; none leaves it out. */
export type RenderViews = (post: PostSummary) => ReactNode;

function AccessDenied() {
  const adminPostsT = useAdminPostsTexts();
  return (
    <StatusScreen
      testId="admin-posts-denied"
      icon={<ShieldAlert aria-hidden="true" />}
      title={adminPostsT.accessDenied}
      message={adminPostsT.adminOnly}
      action={
        <Button asChild>
          <Link to={paths.home.getHref()}>{adminPostsT.returnHome}</Link>
        </Button>
      }
    />
  );
}

function StatusFilterBar({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (filter: StatusFilter) => void;
}) {
  const adminPostsT = useAdminPostsTexts();
  const trT = useTranslationsTexts();
  const labels: Record<StatusFilter, string> = {
    all: adminPostsT.filterAll,
    published: adminPostsT.filterPublished,
    unpublished: adminPostsT.filterUnpublished,
    'missing-translation': trT.missingFilter,
  };
  return (
    <div
      role="group"
      aria-label={adminPostsT.filterLabel}
      data-testid="status-filter"
      className="inline-flex w-fit rounded-lg bg-slate-100 p-1"
    >
      {STATUS_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          data-testid={`status-filter-${filter}`}
          onClick={() => onChange(filter)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            value === filter
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {labels[filter]}
        </button>
      ))}
    </div>
  );
}

function StatusBadges({ post }: { post: PostSummary }) {
  const adminPostsT = useAdminPostsTexts();
  const formatDate = useFormatDate();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {post.published ? (
        <Badge variant="success" data-testid="post-status" data-status="published">
          {adminPostsT.published}
        </Badge>
      ) : (
        <Badge variant="secondary" data-testid="post-status" data-status="hidden">
          {adminPostsT.hidden}
        </Badge>
      )}
      {isScheduled(post) ? (
        <Badge
          variant="warning"
          data-testid="post-scheduled"
          title={interpolate(adminPostsT.scheduledHint, { date: formatDate(post.publishedAt) })}
        >
          <CalendarClock aria-hidden="true" className="size-3" />
          {adminPostsT.scheduled}
        </Badge>
      ) : null}
    </div>
  );
}

function IconAction({
  label,
  onClick,
  disabled,
  testId,
  destructive = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', destructive && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
      aria-label={label}
      title={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The counterpart in the other language, or "None" and the way to create it. */
function TranslationCell({ post }: { post: PostSummary }) {
  const trT = useTranslationsTexts();
  const counterpart = counterpartOf(post);
  if (counterpart) {
    return (
      <Link
        to={paths.post.getHref(counterpart.slug)}
        hrefLang={counterpart.language}
        className="inline-flex max-w-[12rem] items-center gap-1.5 text-sm text-indigo-700 hover:underline"
        data-testid="post-counterpart"
      >
        <Badge variant="outline">{counterpart.language.toUpperCase()}</Badge>
        <span className="truncate">{counterpart.title}</span>
      </Link>
    );
  }
  const label = trT.createInto[post.language === 'cs' ? 'en' : 'cs'];
  return (
    <div className="flex items-center gap-1 text-sm text-slate-500">
      <span data-testid="post-counterpart-none">{trT.none}</span>
      <Button
        asChild
        variant="ghost"
        size="icon"
        className="size-8"
        data-testid="post-create-translation"
      >
        <Link to={paths.postNew.getTranslationHref(post.slug)} aria-label={label} title={label}>
          <Languages aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

interface PostRowProps {
  post: PostSummary;
  toggling: boolean;
  onToggle: (post: PostSummary) => void;
  onEditDate: (post: PostSummary) => void;
  onDelete: (post: PostSummary) => void;
  renderViews?: RenderViews | undefined;
}

function PostRow({ post, toggling, onToggle, onEditDate, onDelete, renderViews }: PostRowProps) {
  const adminPostsT = useAdminPostsTexts();
  const formatDate = useFormatDate();
  const title = post.title;
  const publishedAt = parseISO(post.publishedAt);
  const time = isValid(publishedAt) ? format(publishedAt, 'HH:mm') : '';

  return (
    <TableRow data-testid="admin-post-row" data-slug={post.slug} data-id={post.id}>
      <TableCell className="max-w-xs">
        <div className="font-medium text-slate-900" data-testid="post-title">
          {title}
        </div>
        <div className="truncate font-mono text-xs text-slate-500" data-testid="post-slug">
          /{post.slug}
        </div>
      </TableCell>
      <TableCell>
        <Badge variant="outline">{post.category}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap" data-testid="post-date">
        <div>{formatDate(post.publishedAt)}</div>
        <div className="text-xs text-slate-500">{time}</div>
      </TableCell>
      <TableCell>
        <StatusBadges post={post} />
      </TableCell>
      <TableCell data-testid="post-translation">
        <TranslationCell post={post} />
      </TableCell>
      {renderViews ? (
        <TableCell className="text-right" data-testid="post-views-cell">
          {renderViews(post)}
        </TableCell>
      ) : null}
      <TableCell>
        <Switch
          checked={post.published}
          disabled={toggling}
          data-testid="post-visible"
          aria-label={interpolate(adminPostsT.actions.visibility, { title })}
          onCheckedChange={() => onToggle(post)}
        />
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" size="icon" className="size-8" data-testid="post-edit">
            <Link
              to={paths.postEditorEdit.getHref(post.slug)}
              aria-label={interpolate(adminPostsT.actions.edit, { title })}
              title={interpolate(adminPostsT.actions.edit, { title })}
            >
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <IconAction
            label={interpolate(adminPostsT.actions.editDate, { title })}
            testId="post-edit-date"
            onClick={() => onEditDate(post)}
          >
            <CalendarClock aria-hidden="true" />
          </IconAction>
          <IconAction
            label={interpolate(
              post.published ? adminPostsT.actions.hide : adminPostsT.actions.show,
              {
                title,
              },
            )}
            testId="post-toggle"
            disabled={toggling}
            onClick={() => onToggle(post)}
          >
            {post.published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </IconAction>
          <IconAction
            label={interpolate(adminPostsT.actions.delete, { title })}
            testId="post-delete"
            destructive
            onClick={() => onDelete(post)}
          >
            <Trash2 aria-hidden="true" />
          </IconAction>
        </div>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  const adminPostsT = useAdminPostsTexts();
  return (
    <>
      {[0, 1, 2, 3].map((row) => (
        <TableRow key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, cell) => (
            <TableCell key={cell}>
              <Skeleton className="h-5 w-full" />
            </TableCell>
          ))}
        </TableRow>
      ))}
      <tr className="sr-only">
        <td>{adminPostsT.loading}</td>
      </tr>
    </>
  );
}

function PostsTable({ renderViews }: { renderViews?: RenderViews | undefined }) {
  const adminPostsT = useAdminPostsTexts();
  const columns = COLUMN_COUNT + (renderViews ? 1 : 0);
  const trT = useTranslationsTexts();
  const query = useAdminPosts();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [deleting, setDeleting] = useState<PostSummary | null>(null);
  const [dating, setDating] = useState<PostSummary | null>(null);
  const toggle = useTogglePublished();
  const remove = useDeletePost();
  const updateDate = useUpdatePostDate();

  if (query.isError) {
    return (
      <Alert variant="destructive" data-testid="admin-posts-error" className="flex gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-3">
          <AlertTitle>{adminPostsT.errorTitle}</AlertTitle>
          <AlertDescription>
            {adminPostErrorMessage(query.error, adminPostsT, adminPostsT.fetchFailed)}
          </AlertDescription>
          <div>
            <Button
              variant="outline"
              size="sm"
              data-testid="admin-posts-retry"
              onClick={() => void query.refetch()}
            >
              {adminPostsT.tryAgain}
            </Button>
          </div>
        </div>
      </Alert>
    );
  }

  const posts = filterPosts(query.data ?? [], filter);

  let body;
  if (query.isPending) body = <LoadingRows columns={columns} />;
  else if (posts.length === 0) {
    body = (
      <TableRow>
        <TableCell
          colSpan={columns}
          data-testid="admin-posts-empty"
          className="py-10 text-center text-slate-500"
        >
          {adminPostsT.noPosts}
        </TableCell>
      </TableRow>
    );
  } else {
    body = posts.map((post) => (
      <PostRow
        key={post.id}
        post={post}
        toggling={toggle.isPending && toggle.variables.id === post.id}
        onToggle={(target) => toggle.mutate(target)}
        onEditDate={setDating}
        onDelete={setDeleting}
        renderViews={renderViews}
      />
    ));
  }

  return (
    <div className="grid gap-4">
      <StatusFilterBar value={filter} onChange={setFilter} />
      <Card className="p-2">
        <Table data-testid="admin-posts-table" aria-busy={query.isPending}>
          {query.isPending ? null : (
            <TableCaption data-testid="admin-posts-total">
              {interpolate(adminPostsT.total, { count: posts.length })}
            </TableCaption>
          )}
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{adminPostsT.columns.title}</TableHead>
              <TableHead>{adminPostsT.columns.category}</TableHead>
              <TableHead>{adminPostsT.columns.date}</TableHead>
              <TableHead>{adminPostsT.columns.status}</TableHead>
              <TableHead>{trT.counterpart}</TableHead>
              {renderViews ? (
                <TableHead className="text-right" title={adminPostsT.columns.viewsHint}>
                  {adminPostsT.columns.views}
                </TableHead>
              ) : null}
              <TableHead>{adminPostsT.columns.visible}</TableHead>
              <TableHead>{adminPostsT.columns.actions}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </Card>

      <DeletePostDialog
        post={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(post) => {
          setDeleting(null);
          remove.mutate(post);
        }}
      />
      <EditDateDialog
        post={dating}
        isSaving={updateDate.isPending}
        onClose={() => setDating(null)}
        onSubmit={(post, publishedAt) =>
          updateDate.mutate({ post, publishedAt }, { onSuccess: () => setDating(null) })
        }
      />
    </div>
  );
}

interface ManagePostsProps {
  isAdmin: boolean;
  renderViews?: RenderViews | undefined;
}

export function ManagePosts({ isAdmin, renderViews }: ManagePostsProps) {
  const adminPostsT = useAdminPostsTexts();
  if (!isAdmin) return <AccessDenied />;
  return (
    <PageShell
      title={adminPostsT.title}
      description={adminPostsT.description}
      actions={
        <>
          <Button asChild variant="outline" size="sm" data-testid="admin-posts-home">
            <Link to={paths.home.getHref()}>
              <Home aria-hidden="true" />
              {adminPostsT.returnToHomepage}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm" data-testid="admin-posts-back">
            <Link to={paths.admin.getHref()}>
              <LayoutDashboard aria-hidden="true" />
              {adminPostsT.backToAdmin}
            </Link>
          </Button>
          <Button asChild size="sm" data-testid="admin-posts-create">
            <Link to={paths.postEditor.getHref()}>
              <FilePlus2 aria-hidden="true" />
              {adminPostsT.createNewPost}
            </Link>
          </Button>
        </>
      }
    >
      <PostsTable renderViews={renderViews} />
    </PageShell>
  );
}
