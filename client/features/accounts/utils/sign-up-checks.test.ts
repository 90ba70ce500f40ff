import { describe, expect, it } from 'vitest';

import { SIGN_UP_MESSAGES } from '#shared/lib/username-rules.ts';

import { PASSWORD_TOO_SHORT_MESSAGE, signUpFieldErrors } from './sign-up-checks.ts';

const valid = { email: 'ada@example.com', username: 'ada_l-1', password: 'correct horse' };

describe('signUpFieldErrors', () => {
  it('passes a valid form', () => {
    expect(signUpFieldErrors(valid)).toEqual({});
  });

  it("uses the server's texts, exactly", () => {
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password should be at least 6 characters.');
    expect(signUpFieldErrors({ email: '', username: '', password: '' })).toEqual({
      email: 'Valid email is required',
      username: 'Username must be at least 3 characters',
      password: 'Password should be at least 6 characters.',
    });
  });

  it('wants an @ in the e-mail', () => {
    expect(signUpFieldErrors({ ...valid, email: 'ada.example.com' }).email).toBe(SIGN_UP_MESSAGES.invalidEmail);
    expect(signUpFieldErrors({ ...valid, email: '   ' }).email).toBe(SIGN_UP_MESSAGES.invalidEmail);
  });

  it("says the server's 'Please enter a valid email address.' for an address with an @ that is still not one", () => {
    for (const email of ['a@b', 'ada@', '@example.com', 'two@@example.com', 'ada lovelace@example.com']) {
      expect(signUpFieldErrors({ ...valid, email }).email).toBe('Please enter a valid email address.');
    }
    expect(signUpFieldErrors({ ...valid, email: '  Ada.Lovelace+townhall@Example.co.uk ' }).email).toBeUndefined();
  });

  it('counts the trimmed username, and joins several username messages with ". "', () => {
    expect(signUpFieldErrors({ ...valid, username: '  ab  ' }).username).toBe(SIGN_UP_MESSAGES.usernameTooShort);
    expect(signUpFieldErrors({ ...valid, username: 'a!' }).username).toBe(
      'Username must be at least 3 characters. Username can only contain letters, numbers, underscores, and hyphens',
    );
  });

  it('refuses look-alike letters and reserved names', () => {
    // A Cyrillic 'а' in place of the Latin one.
    expect(signUpFieldErrors({ ...valid, username: 'аda' }).username).toBe(SIGN_UP_MESSAGES.usernameCharacters);
    expect(signUpFieldErrors({ ...valid, username: 'settings' }).username).toBe(SIGN_UP_MESSAGES.usernameNotAvailable);
  });

  it('wants 6 characters of password, spaces included', () => {
    expect(signUpFieldErrors({ ...valid, password: '12345' }).password).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(signUpFieldErrors({ ...valid, password: '12345 ' }).password).toBeUndefined();
  });
});
