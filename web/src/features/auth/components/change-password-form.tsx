// Change-password form of the profile page: current password, the new one twice.
import { useProfileTexts } from '@/lib/i18n/profile-texts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n';
import { useAuthTexts } from '@/lib/i18n/auth-texts';

import { useChangePassword } from '../api/change-password';
import { useFormFields } from '../hooks/use-form-fields';
import { errorMessage, fieldErrorsFrom, translateServerMessage } from '../utils/server-messages';
import { validateChangePassword } from '../utils/validation';

import { FormError } from './form-error';
import { FormField } from './form-field';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const t = useT();
  const authT = useAuthTexts();
  const profileT = useProfileTexts();
  const form = useFormFields(EMPTY, (values) => validateChangePassword(values, authT));
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: (response) => {
        form.reset();
        toast({
          title: authT.toast.success,
          description: translateServerMessage(response.message, authT),
        });
      },
      onError: (error) => {
        form.setErrors(fieldErrorsFrom(error, FIELDS, authT));
        toast({
          title: profileT.changeFailed,
          description: errorMessage(error, authT, t.errors.generic),
          variant: 'destructive',
        });
      },
    },
  });

  return (
    <Card data-testid="change-password">
      <CardHeader>
        <CardTitle>{profileT.changePassword}</CardTitle>
        <CardDescription>{profileT.changePasswordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          data-testid="change-password-form"
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
        >
          <FormError
            message={change.error ? errorMessage(change.error, authT, t.errors.generic) : null}
          />
          <FormField
            name="currentPassword"
            type="password"
            label={profileT.currentPassword}
            autoComplete="current-password"
            required
            value={form.values.currentPassword}
            error={form.errors.currentPassword}
            onValueChange={(value) => form.setValue('currentPassword', value)}
          />
          <FormField
            name="password"
            type="password"
            label={profileT.newPassword}
            autoComplete="new-password"
            required
            value={form.values.password}
            error={form.errors.password}
            onValueChange={(value) => form.setValue('password', value)}
          />
          <FormField
            name="confirmPassword"
            type="password"
            label={profileT.confirmNewPassword}
            autoComplete="new-password"
            required
            value={form.values.confirmPassword}
            error={form.errors.confirmPassword}
            onValueChange={(value) => form.setValue('confirmPassword', value)}
          />
          <div>
            <Button type="submit" data-testid="change-password-submit" disabled={change.isPending}>
              {change.isPending ? profileT.submitting : profileT.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
