// 'Popular this week' in the home page's sidebar: the markup the server draws first
// (src/domain/render/page_lists.cpp popular_posts), left out when nothing was read.
import { Link } from 'react-router-dom';

import { useT } from '@/lib/i18n';
import type { PostSummary } from '@/types/api';

export function PopularPosts({ posts }: { posts: readonly PostSummary[] | undefined }) {
  const t = useT();
  if (!posts || posts.length === 0) return null;
  return (
    <section
      data-testid="popular-posts"
      aria-labelledby="popular-posts-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-sm"
    >
      <h2 id="popular-posts-heading" className="mb-3 text-base font-semibold text-slate-900">
        {t.posts.popularThisWeek}
      </h2>
      <ol className="space-y-2 text-sm">
        {posts.map((post) => (
          <li key={post.id}>
            <Link
              to={`/post/${encodeURIComponent(post.slug)}`}
              data-testid="popular-post"
              className="text-slate-700 hover:text-indigo-700"
            >
              {post.title}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
