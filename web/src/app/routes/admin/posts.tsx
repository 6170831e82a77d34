// Manage Posts (/admin/posts).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function AdminPostsRoute() {
  const t = useT();
  return <PageShell title={t.admin.managePosts} />;
}
