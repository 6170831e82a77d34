// My posts (/my-posts): the signed-in author's own posts (features/my-posts) with their views of
// the last 30 days (features/analytics), each without a counterpart offering "Create translation"
// (features/translations).
import { useDeskTexts } from '@/lib/i18n/desk-texts';
import { PostViewsCount } from '@/features/analytics/components/post-views';
import { MyPosts } from '@/features/my-posts/components/my-posts';
import { CreateTranslationButton } from '@/features/translations/components/create-translation-button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function MyPostsRoute() {
  const desk = useDeskTexts();
  useDocumentTitle(desk.myPosts);
  return (
    <MyPosts
      renderCreateTranslation={(post) => <CreateTranslationButton post={post} compact />}
      renderViews={(post) => <PostViewsCount postId={post.id} mine withLabel />}
    />
  );
}
