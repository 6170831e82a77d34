// Registration form: username, email, password and its confirmation.
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

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
  const authT = useAuthTexts();
  const navigate = useNavigate();
  const form = useFormFields(EMPTY, (values) => validateRegistration(values, authT));
  const register = useRegister({
    mutationConfig: {
      onSuccess: (user) => {
        toast({
          title: authT.toast.success,
          description:
            user.approvalStatus === 'pending' && user.role !== 'admin'
              ? authT.toast.registeredPending
              : authT.toast.registered,
        });
        navigate(paths.home.getHref());
      },
      onError: (error) => {
        form.setErrors(fieldErrorsFrom(error, FIELDS, authT));
        toast({
          title: authT.toast.registrationFailed,
          description: errorMessage(error, authT, t.errors.generic),
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
      <FormError
        message={register.error ? errorMessage(register.error, authT, t.errors.generic) : null}
      />
      <FormField
        name="username"
        label={authT.username}
        autoComplete="username"
        required
        value={form.values.username}
        error={form.errors.username}
        onValueChange={(value) => form.setValue('username', value)}
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
      <FormField
        name="password"
        type="password"
        label={authT.password}
        autoComplete="new-password"
        required
        value={form.values.password}
        error={form.errors.password}
        onValueChange={(value) => form.setValue('password', value)}
      />
      <FormField
        name="confirmPassword"
        type="password"
        label={authT.confirmPassword}
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onValueChange={(value) => form.setValue('confirmPassword', value)}
      />
      <Button type="submit" data-testid="register-submit" disabled={register.isPending}>
        {register.isPending ? authT.registering : authT.registerButton}
      </Button>
    </form>
  );
}
