import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the admin writes, per administrator: plenty by hand, a brake on a runaway script. */
export const ADMIN_RATE_RULES = {
  writesPerAccount: {
    name: 'admin-write:account',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many administration actions',
  },
  /** Reset e-mails an administrator sends one person: enough to help, too few to flood their inbox. */
  passwordResetLinksPerUser: {
    name: 'admin-password-reset:user',
    limit: 3,
    windowSeconds: 60 * 60,
    what: 'Enough reset e-mails were sent to this person for now',
  },
} satisfies Record<string, RateRule>;
