import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { cs } from '@/lib/i18n/cs';
import { en } from '@/lib/i18n/en';

import { errorMessage, fieldErrorsFrom, translateServerMessage } from './server-messages';

describe('translateServerMessage', () => {
  it('keeps the server wording in English and translates it to Czech', () => {
    expect(translateServerMessage('Invalid username or password', en)).toBe(
      'Invalid username or password',
    );
    expect(translateServerMessage('Invalid username or password', cs)).toBe(
      'Neplatné uživatelské jméno nebo heslo',
    );
    expect(translateServerMessage("Passwords don't match", cs)).toBe('Hesla se neshodují');
    expect(translateServerMessage('Something new', cs)).toBe('Something new');
  });

  it('keeps the waiting time of a throttled login', () => {
    const message = 'Too many failed login attempts. Please try again in 14 minutes.';
    expect(translateServerMessage(message, en)).toBe(message);
    expect(translateServerMessage(message, cs)).toBe(
      'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 14 min.',
    );
    expect(
      translateServerMessage('Too many failed login attempts. Please try again in 1 minute.', cs),
    ).toBe('Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 1 minutu.');
  });
});

describe('errors', () => {
  it('read the message and the fields of an ApiError', () => {
    const error = new ApiError('Username already exists', 409, {
      username: 'Username already exists',
      other: 'ignored',
    });
    expect(errorMessage(error, cs)).toBe('Toto uživatelské jméno už existuje');
    expect(fieldErrorsFrom(error, ['username', 'email'] as const, en)).toEqual({
      username: 'Username already exists',
    });
    expect(
      fieldErrorsFrom(
        new ApiError('x', 400, { username: 'Username/Email is required' }),
        ['email'] as const,
        en,
        {
          email: 'username',
        },
      ),
    ).toEqual({ email: 'Username/Email is required' });
    expect(errorMessage(new Error(''), en)).toBe('An error occurred');
  });
});
