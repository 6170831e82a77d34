// Post detail (/post/:slug and /posts/:slug): skeleton, the post, or 'Post Not Found'.
import { useParams } from 'react-router-dom';

import { usePost } from '@/features/posts/api/get-post';
import { PostDetailSkeleton } from '@/features/posts/components/post-detail-skeleton';
import { PostNotFound } from '@/features/posts/components/post-not-found';
import { PostView } from '@/features/posts/components/post-view';
import { useDocumentTitle } from '@/lib/use-document-title';

export function PostRoute() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  useDocumentTitle(post.data?.title);

  if (post.isPending && slug !== '') return <PostDetailSkeleton />;
  if (!post.data) return <PostNotFound />;
  return <PostView post={post.data} />;
}
