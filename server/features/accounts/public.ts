// What other features use of accounts; everything else in this folder is the feature's own.

// the better-auth instance (an administrator sends the ordinary password-reset e-mail through it)
export type { Auth } from './auth.ts';
// the signed-in person's own profile, as a profile change answers it
export { presentProfile } from './presenter.ts';
