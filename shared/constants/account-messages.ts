/**
 * Texts of the account routes that people read, kept once for the server (which answers them)
 * and the client (which checks the same things before sending). The spec gives most of
 * them word for word; the others are ours.
 */

/** Sign-up failures the sign-in library reports. */
export const SIGN_UP_ERRORS = {
  weakPassword: 'Password should be at least 6 characters.',
  invalidEmail: 'Please enter a valid email address.',
  commonPassword: 'This password is too common',
  fallback: 'An error occurred during sign up',
  /** Ours: the spec has no upper limit, the password hashing has one. */
  passwordTooLong: 'Password should be at most 128 characters.',
  /** Ours: no handle is longer. */
  usernameTooLong: 'Username should be at most 64 characters.',
} as const;

/** Changing the password; also the short-password text of a reset. */
export const CHANGE_PASSWORD_MESSAGES = {
  noUser: 'No user is currently signed in',
  wrongPassword: 'Current password is incorrect',
  verifyFailed: 'Failed to verify current password. Please try again.',
  weakPassword: 'Password should be at least 6 characters',
  fallback: 'Failed to change password. Please try again.',
  noPassword: 'This account signs in with Google and has no password to change.',
} as const;

/** Choosing a new password with a reset link. */
export const PASSWORD_RESET_MESSAGES = {
  invalidLink: 'This reset link is invalid or has expired. Ask for a new one.',
} as const;

/** E-mail settings. */
export const EMAIL_SETTINGS_MESSAGES = {
  invalidData: 'Invalid email settings data',
  unauthenticated: 'User must be authenticated',
  notOwner: "Unauthorized: Cannot update another user's email settings",
  notFound: 'User profile not found',
} as const;
