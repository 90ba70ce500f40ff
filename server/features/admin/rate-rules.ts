import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the admin writes, per administrator: plenty by hand, a brake on a runaway script. */
export const ADMIN_RATE_RULES = {
  writesPerAccount: {
    name: 'admin-write:account',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many administration actions',
  },
} satisfies Record<string, RateRule>;
