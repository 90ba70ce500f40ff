import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of sessions, per account. */
export const SESSION_RATE_RULES = {
  /** Scheduling notifies and e-mails a whole audience: a few a day is all a host needs. */
  schedulePerAccount: {
    name: 'session-schedule:account',
    limit: 20,
    windowSeconds: 60 * 60,
    what: 'Too many sessions scheduled',
  },
} satisfies Record<string, RateRule>;
