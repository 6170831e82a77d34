// Sign-in form: username or email (the field is named email, sent as username) and password;
// then, for an account with two-factor sign-in, a second step asking for the code.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { useLogin } from '../api/login';
import { useFormFields } from '../hooks/use-form-fields';
import { errorMessage, fieldErrorsFrom } from '../utils/server-messages';
import { validateLogin, type LoginValues } from '../utils/validation';

import { FormError } from './form-error';
import { FormField } from './form-field';

const EMPTY: LoginValues = { email: '', password: '' };

export function LoginForm() {
  const t = useT();
  const authT = useAuthTexts();
  const navigate = useNavigate();
  const form = useFormFields(EMPTY, (values) => validateLogin(values, authT));
  // Set once the server asked for a code: the form then shows the code box instead of the first step.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const login = useLogin({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: authT.toast.success, description: authT.toast.loggedIn });
        navigate(paths.home.getHref());
      },
      onError: (error) => {
        if (isApiError(error) && error.twoFactorRequired) {
          setAskCode(true);
          setCode('');
          return;
        }
        form.setErrors(
          fieldErrorsFrom(error, ['email', 'password'] as const, authT, { email: 'username' }),
        );
        toast({
          title: authT.toast.loginFailed,
          description: errorMessage(error, authT, t.errors.generic),
          variant: 'destructive',
        });
      },
    },
  });

  const codeMessage =
    // The first answer only asks for the code (the hint says so); a wrong code is an error.
    login.error &&
    isApiError(login.error) &&
    login.error.twoFactorRequired &&
    login.error.message !== 'Enter the code from your authenticator app'
      ? errorMessage(login.error, authT, t.errors.generic)
      : null;

  if (askCode) {
    return (
      <form
        noValidate
        data-testid="two-factor-form"
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          login.mutate({
            username: form.values.email.trim(),
            password: form.values.password,
            code: code.trim(),
          });
        }}
      >
        <FormError message={codeMessage} />
        <p className="text-muted-foreground text-sm">{authT.twoFactorHint}</p>
        <FormField
          name="code"
          label={authT.twoFactorCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          required
          value={code}
          onValueChange={setCode}
        />
        <Button
          type="submit"
          data-testid="two-factor-submit"
          disabled={login.isPending || !code.trim()}
        >
          {login.isPending ? authT.loggingIn : authT.loginButton}
        </Button>
      </form>
    );
  }

  return (
    <form
      noValidate
      data-testid="login-form"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) =>
        login.mutate({ username: values.email.trim(), password: values.password }),
      )}
    >
      <FormError
        message={login.error ? errorMessage(login.error, authT, t.errors.generic) : null}
      />
      <FormField
        name="email"
        label={authT.usernameOrEmail}
        autoComplete="username"
        required
        value={form.values.email}
        error={form.errors.email}
        onValueChange={(value) => form.setValue('email', value)}
      />
      <FormField
        name="password"
        type="password"
        label={authT.password}
        autoComplete="current-password"
        required
        value={form.values.password}
        error={form.errors.password}
        onValueChange={(value) => form.setValue('password', value)}
      />
      <Button type="submit" data-testid="login-submit" disabled={login.isPending}>
        {login.isPending ? authT.loggingIn : authT.loginButton}
      </Button>
    </form>
  );
}
