// Password recovery pages: /forgot-password asks for a link, /reset-password?token= uses it.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

function PasswordCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="container py-10 md:py-16">
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <h1
            className="text-2xl font-semibold leading-tight tracking-tight"
            data-testid="page-title"
          >
            {title}
          </h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

export function ForgotPasswordRoute() {
  const t = useT();
  const authT = useAuthTexts();
  return (
    <PasswordCard title={t.account.forgotPassword} description={authT.forgot.description}>
      <ForgotPasswordForm />
    </PasswordCard>
  );
}

export function ResetPasswordRoute() {
  const t = useT();
  const authT = useAuthTexts();
  const [params] = useSearchParams();
  return (
    <PasswordCard title={t.account.resetPassword} description={authT.reset.description}>
      <ResetPasswordForm token={params.get('token')} />
    </PasswordCard>
  );
}
