// Sign-in and registration screen (/auth and /verify-email); /verify-email?token= first confirms
// the address and shows the outcome above the forms.
import { Link, useMatch, useSearchParams } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { SiteTitle } from '@/features/site-settings/components/site-title';
import { interpolate, useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

export function AuthRoute() {
  const t = useT();
  const authT = useAuthTexts();
  const user = useUser();
  const [params] = useSearchParams();
  const onVerifyEmail = useMatch(paths.verifyEmail.path) !== null;
  const token = onVerifyEmail ? params.get('token') : null;

  return (
    <AuthScreen
      siteTitle={<SiteTitle />}
      notice={token ? <VerifyEmailNotice token={token} /> : null}
    >
      {user.data ? (
        <div className="mt-6 grid justify-items-start gap-4" data-testid="auth-signed-in">
          <p className="text-slate-700">
            {interpolate(authT.signedInAs, { username: user.data.username })}
          </p>
          <Button asChild>
            <Link to={paths.home.getHref()}>{t.common.backToHome}</Link>
          </Button>
        </div>
      ) : undefined}
    </AuthScreen>
  );
}
