/**
 * Texts of "Continue with Google", kept once for the server (which answers them) and the client
 * (which shows them). A failed sign-in comes back as `/login?error=<code>`: the page shows the
 * message of a known code only, so a crafted link cannot put words of its own on our page.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  state_mismatch:
    'This Google sign-in has expired or was already used, so it was refused. Please start again with "Continue with Google".',
  invalid_code: 'Google did not confirm this sign-in (its code was already used or has expired). Please try again.',
  issuer_mismatch: 'This sign-in answer did not come from Google, so it was refused.',
  unable_to_get_user_info: "Google's answer could not be verified, so you were not signed in. Please try again.",
  account_not_linked:
    'This email already has a Townhall account, and Google has not verified that the address is yours, so the two were not linked. Sign in with your password instead.',
  email_not_found: 'Your Google account did not share an email address, which Townhall needs to sign you in.',
  access_denied: 'Google sign-in was cancelled.',
  unable_to_create_user: 'Your account could not be created. Please try again.',
  too_many_attempts: 'Too many Google sign-in attempts from your network. Please wait a few minutes and try again.',
  account_disabled: 'This account has been disabled. Contact the administrators.',
  google_failed: 'Google sign-in failed. Please try again.',
} as const;

export type GoogleSignInErrorCode = keyof typeof GOOGLE_SIGN_IN_ERRORS;

/** The code a sign-in error should show as: itself when known, else the general failure. */
export function googleSignInErrorCode(code: string | null | undefined): GoogleSignInErrorCode {
  return code && Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code) ? (code as GoogleSignInErrorCode) : 'google_failed';
}

/** The query parameter that marks the first page after a new Google sign-up (the welcome call is due). */
export const GOOGLE_WELCOME_PARAM = 'welcome';
export const GOOGLE_WELCOME_VALUE = 'google';

/** Answers of POST /api/auth/welcome and of the routes around Google sign-in. */
export const GOOGLE_MESSAGES = {
  disabled: 'Google sign-in is not enabled on this Townhall.',
  noGoogleAccount: 'This account does not sign in with Google.',
  missingToken: 'The welcome request needs a Google ID token (Authorization: Bearer).',
  invalidToken: 'The Google ID token is not valid.',
  expiredToken: 'The Google ID token has expired. Sign in with Google again.',
  unknownAccount: 'No Townhall account signs in with this Google account.',
  detailsMismatch: 'The welcome details do not match this Google account.',
  unavailable: 'Google sign-in cannot be checked right now. Please try again shortly.',
} as const;
