// Sign-in form: username or email (the field is named email, sent as username) and password.
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
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
  const login = useLogin({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: authT.toast.success, description: authT.toast.loggedIn });
        navigate(paths.home.getHref());
      },
      onError: (error) => {
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
