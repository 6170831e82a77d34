// The signed-in user's profile (/profile): account details, the change-password form, two-factor
// sign-in, the sessions list and the newsletter subscription.
import { useProfileTexts } from '@/lib/i18n/profile-texts';
import { PageShell } from '@/components/layouts/page-shell';
import { useUser } from '@/features/auth/api/get-user';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ProfileDetails } from '@/features/auth/components/profile-details';
import { SessionsSection } from '@/features/auth/components/sessions-section';
import { TwoFactorSection } from '@/features/auth/components/two-factor-section';
import { ProfileNewsletter } from '@/features/newsletter/components/profile-newsletter';
import { useT } from '@/lib/i18n';

export function ProfileRoute() {
  const t = useT();
  const profileT = useProfileTexts();
  const user = useUser();
  return (
    <PageShell title={t.account.profile} description={profileT.description}>
      {user.data ? (
        <div className="grid max-w-5xl gap-6 lg:grid-cols-2 lg:items-start">
          <ProfileDetails user={user.data} />
          <ChangePasswordForm />
          <TwoFactorSection user={user.data} />
          <SessionsSection />
          <ProfileNewsletter user={user.data} />
        </div>
      ) : null}
    </PageShell>
  );
}
