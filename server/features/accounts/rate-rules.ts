import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the account routes. Per network address (IPv6 per /64) they slow down password
 * guessing and mass sign-ups; per account they cap failed sign-ins whatever the address. None
 * locks anyone out for good: the window passes, and the owner can always reset the password.
 */
export const ACCOUNT_RATE_RULES = {
  signInPerAddress: { name: 'sign-in:address', limit: 30, windowSeconds: 5 * 60, what: 'Too many sign-in attempts' },
  signInFailuresPerAccount: {
    name: 'sign-in-failures:account',
    limit: 25,
    windowSeconds: 60 * 60,
    what: 'Too many failed sign-ins for this account. Reset your password, or wait',
  },
  passwordChecksPerAccount: {
    name: 'password-checks:account',
    limit: 10,
    windowSeconds: 60 * 60,
    what: 'Too many wrong current passwords',
  },
  passwordResetPerAddress: {
    name: 'password-reset:address',
    limit: 20,
    windowSeconds: 60 * 60,
    what: 'Too many password resets from your network',
  },
  passwordResetPerAccount: {
    name: 'password-reset:account',
    limit: 5,
    windowSeconds: 60 * 60,
    what: 'Too many reset e-mails asked for this address',
  },
  signUpPerAddress: {
    name: 'sign-up:address',
    limit: 10,
    windowSeconds: 60 * 60,
    what: 'Too many sign-ups from your network',
  },
  /** The sign-up form asks on leaving a field; enough for anyone typing, too few to list who is registered. */
  availabilityPerAddress: {
    name: 'availability:address',
    limit: 60,
    windowSeconds: 10 * 60,
    what: 'Too many availability checks from your network',
  },
  /** Starting "Continue with Google" and coming back from it each count once. */
  googleSignInPerAddress: {
    name: 'google-sign-in:address',
    limit: 40,
    windowSeconds: 5 * 60,
    what: 'Too many Google sign-in attempts from your network',
  },
  /** A new Google account calls for its welcome once; a forged token counts too. */
  welcomePerAddress: {
    name: 'welcome:address',
    limit: 20,
    windowSeconds: 60 * 60,
    what: 'Too many welcome requests from your network',
  },
} satisfies Record<string, RateRule>;
