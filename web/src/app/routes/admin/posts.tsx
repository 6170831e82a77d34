// Manage Posts (/admin/posts), for admins only.
import { useUser } from '@/features/auth/api/get-user';
import { ManagePosts } from '@/features/admin-posts/components/manage-posts';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminPostsRoute() {
  const t = useT();
  const user = useUser();
  useDocumentTitle(t.adminPosts.title);
  return <ManagePosts isAdmin={user.data?.role === 'admin'} />;
}
