// Sets a new password with the token of the mailed link; on success it points to the sign-in.
import { Link } from 'react-router-dom';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { useResetPassword } from '../api/reset-password';
import { useFormFields } from '../hooks/use-form-fields';
import { errorMessage, fieldErrorsFrom, translateServerMessage } from '../utils/server-messages';
import { validateNewPassword } from '../utils/validation';

import { FormError } from './form-error';
import { FormField } from './form-field';

const EMPTY = { password: '', confirmPassword: '' };
const FIELDS = ['password', 'confirmPassword'] as const;

export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useT();
  const authT = useAuthTexts();
  const form = useFormFields(EMPTY, (values) => validateNewPassword(values, authT));
  const reset = useResetPassword({
    mutationConfig: {
      onError: (error) => form.setErrors(fieldErrorsFrom(error, FIELDS, authT)),
    },
  });

  if (!token) {
    return (
      <div className="grid gap-5">
        <FormError message={authT.messages.invalidResetLink} />
        <p className="text-sm">
          <Link
            to={paths.forgotPassword.getHref()}
            className="font-medium text-indigo-600 hover:underline"
          >
            {authT.reset.requestNewLink}
          </Link>
        </p>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="grid gap-5">
        <Alert
          data-testid="reset-password-done"
          className="border-green-200 bg-green-50 text-green-900"
        >
          <AlertDescription>{translateServerMessage(reset.data.message, authT)}</AlertDescription>
        </Alert>
        <div>
          <Button asChild data-testid="reset-password-sign-in">
            <Link to={paths.auth.getHref()}>{authT.reset.goToSignIn}</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      data-testid="reset-password-form"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, ...values }))}
    >
      <FormError
        message={reset.error ? errorMessage(reset.error, authT, t.errors.generic) : null}
      />
      <FormField
        name="password"
        type="password"
        label={authT.reset.newPassword}
        autoComplete="new-password"
        required
        value={form.values.password}
        error={form.errors.password}
        onValueChange={(value) => form.setValue('password', value)}
      />
      <FormField
        name="confirmPassword"
        type="password"
        label={authT.reset.confirmNewPassword}
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onValueChange={(value) => form.setValue('confirmPassword', value)}
      />
      {isInvalidLink(reset.error) ? (
        <p className="text-sm">
          <Link
            to={paths.forgotPassword.getHref()}
            className="font-medium text-indigo-600 hover:underline"
          >
            {authT.reset.requestNewLink}
          </Link>
        </p>
      ) : null}
      <div>
        <Button type="submit" data-testid="reset-password-submit" disabled={reset.isPending}>
          {reset.isPending ? authT.reset.submitting : authT.reset.submit}
        </Button>
      </div>
    </form>
  );
}

function isInvalidLink(error: Error | null): boolean {
  return error?.message === 'Invalid or expired reset link';
}
