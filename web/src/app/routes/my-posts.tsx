// My posts (/my-posts): the signed-in author's own posts (features/my-posts).
import { MyPosts } from '@/features/my-posts/components/my-posts';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export function MyPostsRoute() {
  const t = useT();
  useDocumentTitle(t.desk.myPosts);
  return <MyPosts />;
}
