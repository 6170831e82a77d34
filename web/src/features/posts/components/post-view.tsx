// A post page: the 500px cover band with title and date over it, then the body in a card.
import { ArrowLeft, CalendarDays, Clock, Home, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { interpolate, useFormatDate, useT } from '@/lib/i18n';
import type { Post } from '@/types/api';

import { PostContent } from './post-content';
import { PostShareActions } from './post-share-actions';

function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <Badge className={className}>
      <Link to={paths.category.getHref(category)} className="hover:underline">
        {category}
      </Link>
    </Badge>
  );
}

export function PostView({
  post,
  translation,
}: {
  post: Post;
  /** The link to the other language and, for its author or an admin, "Create translation". */
  translation?: ReactNode;
}) {
  const t = useT();
  const formatDate = useFormatDate();

  return (
    <article data-testid="post-detail">
      <header
        data-testid="post-cover"
        className="relative h-[500px] w-full overflow-hidden bg-slate-900"
      >
        {post.coverImage ? (
          <ResponsiveImage
            data-testid="post-cover-image"
            src={post.coverImage}
            sizes="100vw"
            alt=""
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/55 to-black/30"
        />
        <div className="absolute right-4 top-4 z-10 md:right-6 md:top-6">
          <PostShareActions coverImage={post.coverImage} />
        </div>
        <div className="container relative flex h-full max-w-4xl flex-col justify-end pb-20 text-white">
          <div>
            <CategoryBadge category={post.category} className="shadow" />
          </div>
          <h1
            data-testid="post-title"
            lang={post.language}
            className="mt-4 text-balance text-3xl font-extrabold leading-tight tracking-tight drop-shadow sm:text-4xl md:text-5xl"
          >
            {post.title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-white/85">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              <time data-testid="post-date" dateTime={post.publishedAt}>
                {formatDate(post.publishedAt)}
              </time>
            </span>
            {post.authorName ? (
              <span className="inline-flex items-center gap-1.5" data-testid="post-author">
                <UserRound aria-hidden="true" className="size-4" />
                {interpolate(t.posts.byAuthor, { author: post.authorName })}
              </span>
            ) : null}
            {post.readingMinutes !== undefined ? (
              <span className="inline-flex items-center gap-1.5" data-testid="post-reading-time">
                <Clock aria-hidden="true" className="size-4" />
                {interpolate(t.posts.readingTime, { minutes: post.readingMinutes })}
              </span>
            ) : null}
          </p>
        </div>
      </header>

      <div className="container relative -mt-12 max-w-4xl pb-16">
        <Card className="p-6 sm:p-8 md:p-12">
          <Button asChild variant="ghost" size="sm" className="-ml-3 mb-6" data-testid="back-link">
            <Link to={paths.home.getHref()}>
              <ArrowLeft aria-hidden="true" />
              {t.common.backToAllPosts}
            </Link>
          </Button>
          {translation}
          <PostContent html={post.contentHtml} lang={post.language} />
          <footer
            data-testid="post-footer"
            className="mt-12 flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <span className="font-medium">{t.common.category}:</span>
              <CategoryBadge category={post.category} />
            </p>
            <Button asChild variant="outline" data-testid="post-back-home">
              <Link to={paths.home.getHref()}>
                <Home aria-hidden="true" />
                {t.common.backToHome}
              </Link>
            </Button>
          </footer>
        </Card>
      </div>
    </article>
  );
}
