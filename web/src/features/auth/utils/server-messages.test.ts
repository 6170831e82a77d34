import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { authTexts } from '@/lib/i18n/auth-texts';
import { cs as csDictionary } from '@/lib/i18n/cs';
import { en as enDictionary } from '@/lib/i18n/en';

import { errorMessage, fieldErrorsFrom, translateServerMessage } from './server-messages';

const { en, cs } = authTexts;

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

  it('translates the busy answer of the password lane', () => {
    const busy = 'The server is busy. Please try again in a moment.';
    expect(translateServerMessage(busy, en)).toBe(busy);
    expect(translateServerMessage(busy, cs)).toBe(
      'Server je přetížený. Zkuste to prosím za chvíli znovu.',
    );
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
    expect(
      translateServerMessage('Too many failed login attempts. Please try again in 1 second.', cs),
    ).toBe('Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 1 sekundu.');
    expect(
      translateServerMessage('Too many failed login attempts. Please try again in 8 seconds.', cs),
    ).toBe('Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za 8 s.');
  });

  it('translates the throttles of registration and password resets', () => {
    const registration = 'Too many registration attempts. Please try again in 60 minutes.';
    expect(translateServerMessage(registration, en)).toBe(registration);
    expect(translateServerMessage(registration, cs)).toBe(
      'Příliš mnoho pokusů o registraci. Zkuste to znovu za 60 min.',
    );
    const reset = 'Too many password reset requests. Please try again in 15 minutes.';
    expect(translateServerMessage(reset, en)).toBe(reset);
    expect(translateServerMessage(reset, cs)).toBe(
      'Příliš mnoho žádostí o obnovení hesla. Zkuste to znovu za 15 min.',
    );
    expect(
      translateServerMessage(
        'Too many password reset requests. Please try again in 2 seconds.',
        en,
      ),
    ).toBe('Too many password reset requests. Please try again in 2 seconds.');
  });
});

describe('errors', () => {
  it('read the message and the fields of an ApiError', () => {
    const error = new ApiError('Username already exists', 409, {
      username: 'Username already exists',
      other: 'ignored',
    });
    expect(errorMessage(error, cs, csDictionary.errors.generic)).toBe(
      'Toto uživatelské jméno už existuje',
    );
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
    expect(errorMessage(new Error(''), en, enDictionary.errors.generic)).toBe('An error occurred');
  });
});
