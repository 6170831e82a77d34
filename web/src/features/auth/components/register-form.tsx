// Registration form: username, email, password and its confirmation.
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';

import { useRegister } from '../api/register';
import { useFormFields } from '../hooks/use-form-fields';
import { errorMessage, fieldErrorsFrom } from '../utils/server-messages';
import { validateRegistration, type RegisterValues } from '../utils/validation';

import { FormError } from './form-error';
import { FormField } from './form-field';

const EMPTY: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };
const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm() {
  const t = useT();
  const navigate = useNavigate();
  const form = useFormFields(EMPTY, (values) => validateRegistration(values, t));
  const register = useRegister({
    mutationConfig: {
      onSuccess: (user) => {
        toast({
          title: t.auth.toast.success,
          description:
            user.approvalStatus === 'pending' && user.role !== 'admin'
              ? t.auth.toast.registeredPending
              : t.auth.toast.registered,
        });
        navigate(paths.home.getHref());
      },
      onError: (error) => {
        form.setErrors(fieldErrorsFrom(error, FIELDS, t));
        toast({
          title: t.auth.toast.registrationFailed,
          description: errorMessage(error, t),
          variant: 'destructive',
        });
      },
    },
  });

  return (
    <form
      noValidate
      data-testid="register-form"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) =>
        register.mutate({
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
        }),
      )}
    >
      <FormError message={register.error ? errorMessage(register.error, t) : null} />
      <FormField
        name="username"
        label={t.auth.username}
        autoComplete="username"
        required
        value={form.values.username}
        error={form.errors.username}
        onValueChange={(value) => form.setValue('username', value)}
      />
      <FormField
        name="email"
        type="email"
        label={t.auth.email}
        autoComplete="email"
        required
        value={form.values.email}
        error={form.errors.email}
        onValueChange={(value) => form.setValue('email', value)}
      />
      <FormField
        name="password"
        type="password"
        label={t.auth.password}
        autoComplete="new-password"
        required
        value={form.values.password}
        error={form.errors.password}
        onValueChange={(value) => form.setValue('password', value)}
      />
      <FormField
        name="confirmPassword"
        type="password"
        label={t.auth.confirmPassword}
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onValueChange={(value) => form.setValue('confirmPassword', value)}
      />
      <Button type="submit" data-testid="register-submit" disabled={register.isPending}>
        {register.isPending ? t.auth.registering : t.auth.registerButton}
      </Button>
    </form>
  );
}
