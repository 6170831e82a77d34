// Post detail (/post/:slug and /posts/:slug): skeleton, the post, or 'Post Not Found'; with the
// link to its translation, or "Create translation" for its author and admins; then 'Get new articles
// by e-mail' and the related posts.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

import { useUser } from '@/features/auth/api/get-user';
import { SubscribeBox } from '@/features/newsletter/components/subscribe-box';
import { usePost } from '@/features/posts/api/get-post';
import { PostDetailSkeleton } from '@/features/posts/components/post-detail-skeleton';
import { PostNotFound } from '@/features/posts/components/post-not-found';
import { PostView } from '@/features/posts/components/post-view';
import { TranslationLink } from '@/features/translations/components/translation-link';
import { counterpartOf } from '@/features/translations/utils/translations';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { Post } from '@/types/api';

import { useCurrentUserId } from './use-current-user-id';

// Below the article, and for authors only: loaded on demand, outside the reader's first-visit budget.
const RelatedPosts = lazy(() =>
  import('@/features/posts/components/related-posts').then((m) => ({ default: m.RelatedPosts })),
);
const CreateTranslationButton = lazy(() =>
  import('@/features/translations/components/create-translation-button').then((m) => ({
    default: m.CreateTranslationButton,
  })),
);

function TranslationSlot({ post }: { post: Post }) {
  const user = useUser().data;
  const counterpart = counterpartOf(post);
  if (counterpart) return <TranslationLink translation={counterpart} />;
  const mayTranslate =
    user !== undefined &&
    user !== null &&
    (user.role === 'admin' || (user.approvalStatus === 'approved' && post.authorId === user.id));
  if (!mayTranslate) return null;
  return (
    <div className="mb-6">
      <Suspense fallback={null}>
        <CreateTranslationButton post={post} />
      </Suspense>
    </div>
  );
}

export function PostRoute() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const currentUserId = useCurrentUserId();
  useDocumentTitle(post.data?.title);

  if (post.isPending && slug !== '') return <PostDetailSkeleton />;
  if (!post.data) return <PostNotFound />;
  return (
    <>
      <PostView post={post.data} translation={<TranslationSlot post={post.data} />} />
      <div className="container max-w-4xl pb-12">
        <SubscribeBox />
      </div>
      <Suspense fallback={null}>
        <RelatedPosts slug={post.data.slug} currentUserId={currentUserId} />
      </Suspense>
    </>
  );
}
