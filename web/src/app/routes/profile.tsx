// The signed-in user's profile (/profile).
import { PageShell } from '@/components/layouts/page-shell';
import { useUser } from '@/features/auth/api/get-user';
import { useT } from '@/lib/i18n';

export function ProfileRoute() {
  const t = useT();
  const user = useUser();
  return <PageShell title={t.account.profile} description={user.data?.username} />;
}
