import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the profile routes, per account. Username changes are few so that a handle cannot
 * be cycled through many names (each stays claimed by the history); follows are many, enough
 * for anyone clicking, too few for a script that follows everyone or flips a follow to spam
 * the other person's inbox.
 */
export const PROFILE_RATE_RULES = {
  usernameChangesPerAccount: {
    name: 'username-change:account',
    limit: 10,
    windowSeconds: 24 * 60 * 60,
    what: 'Too many username changes today',
  },
  followChangesPerAccount: {
    name: 'follow:account',
    limit: 300,
    windowSeconds: 60 * 60,
    what: 'Too many follows and unfollows',
  },
} satisfies Record<string, RateRule>;
