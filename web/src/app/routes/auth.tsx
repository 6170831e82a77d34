// Sign-in and registration screen (/auth and /verify-email).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function AuthRoute() {
  const t = useT();
  return <PageShell title={t.auth.signIn} description={t.auth.signInDescription} />;
}
