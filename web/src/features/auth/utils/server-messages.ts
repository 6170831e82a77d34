// The server speaks English (spec wording); known account messages are shown in the interface
// language, anything else as the server sent it.
import { isApiError } from '@/lib/api-client';
import { interpolate } from '@/lib/i18n';
import type { AuthTexts } from '@/lib/i18n/auth-texts';
import { TWO_FACTOR_SETUP_REQUIRED } from '@/lib/query-client';

type MessageTable = Record<string, string>;

function knownMessages(texts: AuthTexts): MessageTable {
  const english: Record<keyof AuthTexts['validation'], string> = {
    usernameOrEmailRequired: 'Username/Email is required',
    passwordRequired: 'Password is required',
    usernameRequired: 'Username is required',
    usernameLength: 'Username must be 3 to 50 characters',
    usernameCharacters: 'Username may contain only letters, digits, dots, underscores and hyphens',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordTooShort: 'Password must be at least 8 characters',
    passwordsDontMatch: "Passwords don't match",
    currentPasswordRequired: 'Current password is required',
  };
  const table: MessageTable = {};
  for (const [key, text] of Object.entries(english)) {
    table[text] = texts.validation[key as keyof typeof english];
  }
  const m = texts.messages;
  table['Invalid username or password'] = m.invalidCredentials;
  table['Enter the code from your authenticator app'] = m.twoFactorPrompt;
  table['Invalid two-factor code'] = m.invalidTwoFactorCode;
  table[TWO_FACTOR_SETUP_REQUIRED] = m.twoFactorSetupRequired;
  table['Username already exists'] = m.usernameExists;
  table['Email already exists'] = m.emailExists;
  table['Current password is incorrect'] = m.currentPasswordIncorrect;
  table['Email verified'] = m.emailVerified;
  table['Invalid or expired verification link'] = m.invalidVerificationLink;
  table['Invalid or expired reset link'] = m.invalidResetLink;
  table['If an account exists for that address, we sent a link to reset the password.'] =
    m.resetLinkSent;
  table['Your password has been reset. Please sign in with the new password.'] = m.passwordReset;
  table['Password changed'] = m.passwordChanged;
  table['The server is busy. Please try again in a moment.'] = m.serverBusy;
  return table;
}

// The server's throttle answers: what was refused, and the wait in seconds or whole minutes.
const TOO_MANY =
  /^Too many (failed login attempts|registration attempts|password reset requests)\. Please try again in (\d+) (seconds?|minutes?)\.$/;

function throttled(message: string, texts: AuthTexts): string | undefined {
  const match = TOO_MANY.exec(message);
  if (!match) return undefined;
  const [, what = '', amount = '', unit = ''] = match;
  const m = texts.messages;
  const count = Number(amount);
  const seconds = unit.startsWith('second');
  let wait: string;
  if (count === 1) wait = seconds ? m.waitOneSecond : m.waitOneMinute;
  else wait = interpolate(seconds ? m.waitSeconds : m.waitMinutes, { count });
  const template =
    what === 'failed login attempts'
      ? m.tooManyAttempts
      : what === 'registration attempts'
        ? m.tooManyRegistrations
        : m.tooManyResetRequests;
  return interpolate(template, { wait });
}

/** The message in the interface language when it is one the app knows, else unchanged. */
export function translateServerMessage(message: string, texts: AuthTexts): string {
  const known = knownMessages(texts)[message];
  if (known !== undefined) return known;
  return throttled(message, texts) ?? message;
}

/** The message of any thrown error, translated when known, else the fallback. */
export function errorMessage(error: unknown, texts: AuthTexts, fallback: string): string {
  if (error instanceof Error && error.message !== '') {
    return translateServerMessage(error.message, texts);
  }
  return fallback;
}

/**
 * Server field errors for the form's fields, translated; `serverNames` maps a form field to the
 * name the server uses for it when they differ (the login box is `email` here, `username` there).
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
  texts: AuthTexts,
  serverNames: Partial<Record<F, string>> = {},
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!isApiError(error)) return result;
  for (const field of fields) {
    const value = error.fields[serverNames[field] ?? field];
    if (value !== undefined) result[field] = translateServerMessage(value, texts);
  }
  return result;
}
