import { describe, expect, it } from 'vitest';

import { authTexts } from '@/lib/i18n/auth-texts';

import {
  isValidEmail,
  validateChangePassword,
  validateLogin,
  validateNewPassword,
  validateRegistration,
} from './validation';

const { en, cs } = authTexts;

describe('validateLogin', () => {
  it('requires both fields, with the spec messages', () => {
    expect(validateLogin({ email: ' ', password: '' }, en)).toEqual({
      email: 'Username/Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: '', password: '' }, cs)).toEqual({
      email: 'Uživatelské jméno nebo e-mail je povinné',
      password: 'Heslo je povinné',
    });
    expect(validateLogin({ email: 'alice', password: 'x' }, en)).toEqual({});
  });
});

describe('validateRegistration', () => {
  const valid = {
    username: 'alice.b-c_1',
    email: 'alice@example.com',
    password: 'correct horse',
    confirmPassword: 'correct horse',
  };

  it('accepts a valid form', () => {
    expect(validateRegistration(valid, en)).toEqual({});
  });

  it('checks the email and puts a mismatch on confirmPassword', () => {
    expect(
      validateRegistration({ ...valid, email: 'not-an-email', confirmPassword: 'other' }, en),
    ).toEqual({
      email: 'Please enter a valid email address',
      confirmPassword: "Passwords don't match",
    });
    expect(validateRegistration({ ...valid, email: 'a@b', confirmPassword: 'other' }, cs)).toEqual({
      email: 'Zadejte platnou e-mailovou adresu',
      confirmPassword: 'Hesla se neshodují',
    });
  });

  it('applies the server rules for usernames and passwords', () => {
    expect(validateRegistration({ ...valid, username: 'al' }, en).username).toBe(
      'Username must be 3 to 50 characters',
    );
    expect(validateRegistration({ ...valid, username: 'a'.repeat(51) }, en).username).toBe(
      'Username must be 3 to 50 characters',
    );
    expect(validateRegistration({ ...valid, username: 'alice smith' }, en).username).toBe(
      'Username may contain only letters, digits, dots, underscores and hyphens',
    );
    expect(
      validateRegistration({ ...valid, password: 'short', confirmPassword: 'short' }, en),
    ).toEqual({ password: 'Password must be at least 8 characters' });
    expect(
      validateRegistration({ ...valid, username: '', password: '', confirmPassword: '' }, cs),
    ).toEqual({ username: 'Uživatelské jméno je povinné', password: 'Heslo je povinné' });
  });
});

describe('password forms', () => {
  it('checks the new password and its confirmation', () => {
    expect(
      validateNewPassword({ password: 'longenough', confirmPassword: 'different' }, en),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      validateChangePassword(
        { currentPassword: '', password: 'longenough', confirmPassword: 'longenough' },
        en,
      ),
    ).toEqual({ currentPassword: 'Current password is required' });
  });
});

describe('isValidEmail', () => {
  it.each([
    ['alice@example.com', true],
    ['a.b+c@mail.example.cz', true],
    ['alice@example', false],
    ['alice example@x.cz', false],
    ['@example.com', false],
    ['alice@', false],
  ])('%s → %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });
});
