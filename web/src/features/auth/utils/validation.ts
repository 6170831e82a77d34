// Client-side checks of the account forms, mirroring the server's rules and messages (spec §5).
import type { AuthTexts } from '@/lib/i18n/auth-texts';

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

export function validateLogin(values: LoginValues, texts: AuthTexts): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (values.email.trim() === '') errors.email = texts.validation.usernameOrEmailRequired;
  if (values.password === '') errors.password = texts.validation.passwordRequired;
  return errors;
}

function checkNewPassword(
  password: string,
  confirm: string,
  texts: AuthTexts,
): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (password === '') errors.password = texts.validation.passwordRequired;
  else if (Array.from(password).length < PASSWORD_MIN_LENGTH) {
    errors.password = texts.validation.passwordTooShort;
  }
  if (confirm !== password) errors.confirmPassword = texts.validation.passwordsDontMatch;
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
  texts: AuthTexts,
): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  const username = values.username.trim();
  if (username === '') errors.username = texts.validation.usernameRequired;
  else if (username.length < USERNAME_MIN_LENGTH || username.length > USERNAME_MAX_LENGTH) {
    errors.username = texts.validation.usernameLength;
  } else if (!USERNAME_PATTERN.test(username)) {
    errors.username = texts.validation.usernameCharacters;
  }
  if (values.email.trim() === '') errors.email = texts.validation.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = texts.validation.emailInvalid;
  return { ...errors, ...checkNewPassword(values.password, values.confirmPassword, texts) };
}

export type ForgotPasswordField = 'email';

export function validateForgotPassword(
  values: { email: string },
  texts: AuthTexts,
): FieldErrors<ForgotPasswordField> {
  if (values.email.trim() === '') return { email: texts.validation.emailRequired };
  if (!isValidEmail(values.email)) return { email: texts.validation.emailInvalid };
  return {};
}

export type NewPasswordField = 'password' | 'confirmPassword';

export function validateNewPassword(
  values: { password: string; confirmPassword: string },
  texts: AuthTexts,
): FieldErrors<NewPasswordField> {
  return checkNewPassword(values.password, values.confirmPassword, texts);
}

export type ChangePasswordField = 'currentPassword' | NewPasswordField;

export function validateChangePassword(
  values: { currentPassword: string; password: string; confirmPassword: string },
  texts: AuthTexts,
): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = checkNewPassword(
    values.password,
    values.confirmPassword,
    texts,
  );
  if (values.currentPassword === '') {
    errors.currentPassword = texts.validation.currentPasswordRequired;
  }
  return errors;
}
