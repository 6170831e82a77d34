// A post on a list: cover with category and actions, title, date, excerpt and 'Read more →'.
// The title and excerpt carry the post's language, the rest is in the interface language
// (WCAG 3.1.2: a screen reader reads an English post on a Czech page as English).
import { CalendarDays, Download, ImageIcon, Pencil } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { interpolate, useFormatDate, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { PostSummary } from '@/types/api';

import { useDownloadCover } from '../hooks/use-download-cover';
import { isAuthor } from '../utils/is-author';

export interface PostCardProps {
  post: PostSummary;
  /** The signed-in reader's id; the edit button shows only on that reader's own posts. */
  currentUserId?: number | null;
  /** HTML-escaped search snippet with <mark> highlights (from the server); replaces the excerpt. */
  snippet?: string | undefined;
  /** The title's heading level: 3 under a section heading, 2 right under the page's h1. */
  headingLevel?: 2 | 3;
  /**
   * The page's first card right under its h1 (category, search): its cover is likely the
   * largest thing a phone paints, so it is fetched at once and first, as the server's page asks.
   */
  priority?: boolean;
  className?: string;
}

// React 18 knows neither `fetchPriority` nor its lowercase form; the attribute goes out as written.
const fetchFirst = { fetchpriority: 'high' } as Record<string, string>;

const roundButton =
  'grid size-9 place-items-center rounded-full bg-white/90 text-slate-700 shadow-md ring-1 ring-black/5 backdrop-blur transition hover:bg-white hover:text-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&_svg]:size-4';

export function PostCard({
  post,
  currentUserId,
  snippet,
  headingLevel = 3,
  priority = false,
  className,
}: PostCardProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const formatDate = useFormatDate();
  const downloadCover = useDownloadCover();
  const href = paths.post.getHref(post.slug);
  const hasSnippet = snippet !== undefined && snippet.trim() !== '';

  return (
    <Card
      data-testid="post-card"
      data-slug={post.slug}
      className={cn(
        'group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-slate-100">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block size-full">
          {post.coverImage ? (
            <ResponsiveImage
              src={post.coverImage}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              alt=""
              {...(priority ? fetchFirst : { loading: 'lazy' as const })}
              width={1600}
              height={900}
              className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
            />
          ) : (
            <span className="grid size-full place-items-center bg-gradient-to-br from-indigo-100 to-slate-200 text-indigo-400">
              <ImageIcon aria-hidden="true" className="size-10" />
            </span>
          )}
        </Link>
        <Badge data-testid="post-card-category" className="absolute left-3 top-3 shadow-sm">
          {post.category}
        </Badge>
        <div className="absolute right-3 top-3 flex gap-2">
          {post.coverImage ? (
            <button
              type="button"
              data-testid="post-card-download"
              aria-label={t.posts.downloadCover}
              title={t.posts.downloadCover}
              className={roundButton}
              onClick={() => void downloadCover(post.coverImage)}
            >
              <Download aria-hidden="true" />
            </button>
          ) : null}
          {isAuthor(post, currentUserId) ? (
            <Link
              to={paths.postEdit.getHref(post.slug)}
              data-testid="post-card-edit"
              aria-label={t.posts.editPost}
              title={t.posts.editPost}
              className={roundButton}
            >
              <Pencil aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      </div>

      <div className="flex flex-1 flex-col p-5">
        <Title
          lang={post.language}
          className="line-clamp-2 min-h-[2.75em] text-lg font-semibold leading-snug tracking-tight text-slate-900"
        >
          <Link
            to={href}
            data-testid="post-card-title"
            className="rounded-sm hover:text-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {post.title}
          </Link>
        </Title>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-500">
          <CalendarDays aria-hidden="true" className="size-4" />
          <time data-testid="post-card-date" dateTime={post.publishedAt}>
            {formatDate(post.publishedAt)}
          </time>
          {post.readingMinutes !== undefined ? (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="post-card-reading-time">
                {interpolate(t.posts.readingTime, { minutes: post.readingMinutes })}
              </span>
            </>
          ) : null}
        </p>
        {hasSnippet ? (
          <p
            data-testid="post-card-snippet"
            lang={post.language}
            className="mt-3 line-clamp-3 min-h-[4.875em] text-sm leading-relaxed text-slate-600 [&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900"
            // The server escapes the snippet; only its own <mark> tags are markup.
            dangerouslySetInnerHTML={{ __html: snippet }}
          />
        ) : (
          <p
            data-testid="post-card-excerpt"
            lang={post.language}
            className="mt-3 line-clamp-3 min-h-[4.875em] text-sm leading-relaxed text-slate-600"
          >
            {post.excerpt}
          </p>
        )}
        <Link
          to={href}
          data-testid="post-card-read-more"
          className="mt-auto inline-flex w-fit items-center rounded-sm pt-4 text-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t.posts.readMore}
        </Link>
      </div>
    </Card>
  );
}
