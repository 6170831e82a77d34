// Asks for a reset link by email; the answer is the same neutral message for every address.
import { Link } from 'react-router-dom';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { useRequestPasswordReset } from '../api/forgot-password';
import { useFormFields } from '../hooks/use-form-fields';
import { errorMessage, fieldErrorsFrom, translateServerMessage } from '../utils/server-messages';
import { validateForgotPassword } from '../utils/validation';

import { FormError } from './form-error';
import { FormField } from './form-field';

const EMPTY = { email: '' };

export function ForgotPasswordForm() {
  const t = useT();
  const authT = useAuthTexts();
  const form = useFormFields(EMPTY, (values) => validateForgotPassword(values, authT));
  const request = useRequestPasswordReset({
    mutationConfig: {
      onError: (error) => form.setErrors(fieldErrorsFrom(error, ['email'] as const, authT)),
    },
  });

  return (
    <div className="grid gap-5">
      {request.isSuccess ? (
        <Alert data-testid="forgot-password-sent">
          <AlertDescription>{translateServerMessage(request.data.message, authT)}</AlertDescription>
        </Alert>
      ) : (
        <form
          noValidate
          data-testid="forgot-password-form"
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => request.mutate(values.email.trim()))}
        >
          <FormError
            message={request.error ? errorMessage(request.error, authT, t.errors.generic) : null}
          />
          <FormField
            name="email"
            type="email"
            label={authT.email}
            autoComplete="email"
            required
            value={form.values.email}
            error={form.errors.email}
            onValueChange={(value) => form.setValue('email', value)}
          />
          <div>
            <Button type="submit" data-testid="forgot-password-submit" disabled={request.isPending}>
              {request.isPending ? authT.forgot.submitting : authT.forgot.submit}
            </Button>
          </div>
        </form>
      )}
      <p className="text-sm">
        <Link to={paths.auth.getHref()} className="font-medium text-indigo-600 hover:underline">
          {authT.forgot.backToSignIn}
        </Link>
      </p>
    </div>
  );
}
