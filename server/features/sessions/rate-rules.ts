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
  /** Carrying over (and clearing the answer-later list) notifies and e-mails askers and voters. */
  carryPerAccount: {
    name: 'session-carry:account',
    limit: 60,
    windowSeconds: 60 * 60,
    what: 'Too many carry-overs',
  },
} satisfies Record<string, RateRule>;
