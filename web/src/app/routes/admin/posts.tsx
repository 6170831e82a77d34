// Manage Posts (/admin/posts), for admins only.
import { useUser } from '@/features/auth/api/get-user';
import { ManagePosts } from '@/features/admin-posts/components/manage-posts';
import { useAdminPostsTexts } from '@/lib/i18n/admin-posts-texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminPostsRoute() {
  const adminPostsT = useAdminPostsTexts();
  const user = useUser();
  useDocumentTitle(adminPostsT.title);
  return <ManagePosts isAdmin={user.data?.role === 'admin'} />;
}
