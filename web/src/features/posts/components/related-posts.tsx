// "Related posts" at the end of a post page: up to three cards. Quiet by design: while loading,
// when there are none and when the call fails, nothing shows (the post is what the reader came for).
import { useT } from '@/lib/i18n';

import { useRelatedPosts } from '../api/get-related-posts';

import { PostCard } from './post-card';

interface RelatedPostsProps {
  slug: string;
  currentUserId?: number | null | undefined;
}

export function RelatedPosts({ slug, currentUserId }: RelatedPostsProps) {
  const t = useT();
  const related = useRelatedPosts(slug);
  const posts = (related.data ?? []).filter((post) => post.slug !== slug);
  if (posts.length === 0) return null;
  return (
    <section
      data-testid="related-posts"
      aria-labelledby="related-posts-title"
      className="container max-w-4xl pb-16"
    >
      <h2
        id="related-posts-title"
        className="mb-6 text-2xl font-bold tracking-tight text-slate-900"
      >
        {t.posts.related}
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} currentUserId={currentUserId} />
        ))}
      </div>
    </section>
  );
}
