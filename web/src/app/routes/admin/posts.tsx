// Manage Posts (/admin/posts), for admins only, with each post's views of the last 30 days
// (features/analytics).
import { PostViewsCount } from '@/features/analytics/components/post-views';
import { useUser } from '@/features/auth/api/get-user';
import { ManagePosts } from '@/features/admin-posts/components/manage-posts';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminPostsRoute() {
  const adminPostsT = useAdminPostsTexts();
  const user = useUser();
  useDocumentTitle(adminPostsT.title);
  return (
    <ManagePosts
      isAdmin={user.data?.role === 'admin'}
      renderViews={(post) => <PostViewsCount postId={post.id} mine={false} />}
    />
  );
}
