// Client-side checks of the account forms, mirroring the server's rules and messages (spec §5).
import type { Dictionary } from '@/lib/i18n';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;

/** Field name → message; a field without an entry is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

// Close to the server's check: one @, a non-empty local part, a dotted domain, no spaces.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export type LoginField = 'email' | 'password';
export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues, t: Dictionary): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (values.email.trim() === '') errors.email = t.auth.validation.usernameOrEmailRequired;
  if (values.password === '') errors.password = t.auth.validation.passwordRequired;
  return errors;
}

function checkNewPassword(
  password: string,
  confirm: string,
  t: Dictionary,
): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (password === '') errors.password = t.auth.validation.passwordRequired;
  else if (Array.from(password).length < PASSWORD_MIN_LENGTH) {
    errors.password = t.auth.validation.passwordTooShort;
  }
  if (confirm !== password) errors.confirmPassword = t.auth.validation.passwordsDontMatch;
  return errors;
}

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword';
export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegistration(
  values: RegisterValues,
  t: Dictionary,
): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  const username = values.username.trim();
  if (username === '') errors.username = t.auth.validation.usernameRequired;
  else if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    errors.username = t.auth.validation.usernameLength;
  } else if (!USERNAME_PATTERN.test(username)) {
    errors.username = t.auth.validation.usernameCharacters;
  }
  if (values.email.trim() === '') errors.email = t.auth.validation.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = t.auth.validation.emailInvalid;
  return { ...errors, ...checkNewPassword(values.password, values.confirmPassword, t) };
}

export type ForgotPasswordField = 'email';

export function validateForgotPassword(
  values: { email: string },
  t: Dictionary,
): FieldErrors<ForgotPasswordField> {
  if (values.email.trim() === '') return { email: t.auth.validation.emailRequired };
  if (!isValidEmail(values.email)) return { email: t.auth.validation.emailInvalid };
  return {};
}

export type NewPasswordField = 'password' | 'confirmPassword';

export function validateNewPassword(
  values: { password: string; confirmPassword: string },
  t: Dictionary,
): FieldErrors<NewPasswordField> {
  return checkNewPassword(values.password, values.confirmPassword, t);
}

export type ChangePasswordField = 'currentPassword' | NewPasswordField;

export function validateChangePassword(
  values: { currentPassword: string; password: string; confirmPassword: string },
  t: Dictionary,
): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = checkNewPassword(
    values.password,
    values.confirmPassword,
    t,
  );
  if (values.currentPassword === '') {
    errors.currentPassword = t.auth.validation.currentPasswordRequired;
  }
  return errors;
}
