// The two-factor setup screen (/profile/two-factor): where an account the site requires two-factor
// sign-in of is kept (TwoFactorSetupGate) until it has set it up and seen its recovery codes.
import { useNavigate } from 'react-router-dom';

import { PageShell } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { TwoFactorSection } from '@/features/auth/components/two-factor-section';
import { useSecurityTexts } from '@/lib/i18n/security-texts';

export function TwoFactorSetupRoute() {
  const secT = useSecurityTexts();
  const user = useUser();
  const navigate = useNavigate();
  if (!user.data) return null;
  const home = user.data.role === 'admin' ? paths.admin.getHref() : paths.home.getHref();
  return (
    <PageShell
      title={secT.setUp}
      description={user.data.twoFactorSetupRequired ? secT.required : secT.twoFactorOff}
    >
      <div className="max-w-xl" data-testid="two-factor-setup-screen">
        <TwoFactorSection user={user.data} onFinished={() => navigate(home, { replace: true })} />
      </div>
    </PageShell>
  );
}
