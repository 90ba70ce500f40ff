import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the calendar feeds. */
export const CALENDAR_FEED_RATE_RULES = {
  /**
   * Feed reads, per address: a calendar app reads each feed about once an hour, and a few people
   * behind one address (an office, a family) read a few each; a script walking tokens or slugs is
   * stopped. Counted in Redis or the process's memory, never written to PostgreSQL.
   */
  readsPerAddress: {
    name: 'calendar-feed:address',
    limit: 120,
    windowSeconds: 60,
    what: 'Too many calendar feed reads',
  },
  /** Making or resetting one's private address: a person does it a few times, ever. */
  rotationsPerAccount: {
    name: 'calendar-feed-rotate:account',
    limit: 30,
    windowSeconds: 60 * 60,
    what: 'Too many new calendar links',
  },
} satisfies Record<string, RateRule>;
