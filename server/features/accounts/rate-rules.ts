import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the account routes. Per network address (IPv6 per /64) they slow down password
 * guessing and mass sign-ups. Nothing a stranger does locks an owner out: failed sign-ins hold
 * back only the addresses that made them (decision 014), and a password reset starts an
 * account's failure counts again.
 */
export const ACCOUNT_RATE_RULES = {
  /** One-click unsubscribes (anonymous by design: mail providers post them). */
  unsubscribePerAddress: {
    name: 'unsubscribe:address',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many unsubscribe requests from your network',
  },
  signInPerAddress: { name: 'sign-in:address', limit: 30, windowSeconds: 5 * 60, what: 'Too many sign-in attempts' },
  /** Failed sign-ins of one address, whatever accounts it tries. */
  signInFailuresPerAddress: {
    name: 'sign-in-failures:address',
    limit: 20,
    windowSeconds: 15 * 60,
    what: 'Too many failed sign-ins from your network',
  },
  /** Failed sign-ins of one address for one account (an owner's typos, a guesser's tries). */
  signInFailuresPerAccountAndAddress: {
    name: 'sign-in-failures:account-address',
    limit: 5,
    windowSeconds: 15 * 60,
    what: 'Too many failed sign-ins for this account from your network (resetting your password lets you in at once)',
  },
  /**
   * The same counter while the account is under attack: one failure holds the address back for
   * the rest of the window. Same name and window, so it reads the count above.
   */
  signInFailuresPerAccountAndAddressUnderAttack: {
    name: 'sign-in-failures:account-address',
    limit: 1,
    windowSeconds: 15 * 60,
    what: 'Too many failed sign-ins for this account (resetting your password lets you in at once)',
  },
  /**
   * Failed sign-ins of one account from anywhere; past the limit the account is under attack.
   * It never refuses by itself: an address with no failure for the account still signs in.
   */
  signInFailuresPerAccount: {
    name: 'sign-in-failures:account',
    limit: 25,
    windowSeconds: 60 * 60,
    what: 'Too many failed sign-ins for this account',
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
