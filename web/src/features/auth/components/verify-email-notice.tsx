// Confirms the email address with the link's token once, then shows the outcome in an alert.
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { useVerifyEmail } from '../api/verify-email';
import { errorMessage, translateServerMessage } from '../utils/server-messages';

export function VerifyEmailNotice({ token }: { token: string }) {
  const t = useT();
  const authT = useAuthTexts();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A token works once: React's development double effects must not send it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [mutate, token]);

  if (verify.isSuccess) {
    return (
      <Alert
        data-testid="verify-email-result"
        data-state="verified"
        className="border-green-200 bg-green-50 text-green-900"
      >
        <AlertTitle className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-4" />
          {translateServerMessage(verify.data.message, authT)}
        </AlertTitle>
        <AlertDescription>{authT.verify.verifiedDescription}</AlertDescription>
      </Alert>
    );
  }
  if (verify.isError) {
    return (
      <Alert variant="destructive" data-testid="verify-email-result" data-state="failed">
        <AlertTitle className="flex items-center gap-2">
          <CircleAlert aria-hidden="true" className="size-4" />
          {authT.verify.failedTitle}
        </AlertTitle>
        <AlertDescription>{errorMessage(verify.error, authT, t.errors.generic)}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert
      data-testid="verify-email-result"
      data-state="pending"
      className="flex items-center gap-3"
    >
      <Loader2 aria-hidden="true" className="size-5 shrink-0 animate-spin text-indigo-600" />
      <AlertDescription>{authT.verify.verifying}</AlertDescription>
    </Alert>
  );
}
