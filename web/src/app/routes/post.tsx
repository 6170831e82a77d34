// Post detail (/post/:slug and /posts/:slug): skeleton, the post, or 'Post Not Found'; then the
// related posts.
import { useParams } from 'react-router-dom';

import { usePost } from '@/features/posts/api/get-post';
import { PostDetailSkeleton } from '@/features/posts/components/post-detail-skeleton';
import { PostNotFound } from '@/features/posts/components/post-not-found';
import { PostView } from '@/features/posts/components/post-view';
import { RelatedPosts } from '@/features/posts/components/related-posts';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useCurrentUserId } from './use-current-user-id';

export function PostRoute() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const currentUserId = useCurrentUserId();
  useDocumentTitle(post.data?.title);

  if (post.isPending && slug !== '') return <PostDetailSkeleton />;
  if (!post.data) return <PostNotFound />;
  return (
    <>
      <PostView post={post.data} />
      <RelatedPosts slug={post.data.slug} currentUserId={currentUserId} />
    </>
  );
}
