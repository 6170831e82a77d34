// Password recovery pages (/forgot-password, /reset-password).
import { PageShell } from '@/components/layouts/page-shell';
import { useT } from '@/lib/i18n';

export function ForgotPasswordRoute() {
  const t = useT();
  return <PageShell title={t.account.forgotPassword} />;
}

export function ResetPasswordRoute() {
  const t = useT();
  return <PageShell title={t.account.resetPassword} />;
}
