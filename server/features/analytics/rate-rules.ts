import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the page-view beacon, per network address: a person opens a few pages a minute and
 * even a busy office behind one address stays far below this, while a script posting beacons
 * in a loop can no longer fill the table (each beacon is a row).
 */
export const ANALYTICS_RATE_RULES = {
  pageViewsPerAddress: {
    name: 'page-view:address',
    limit: 120,
    windowSeconds: 60,
    what: 'Too many page views from your network',
  },
} satisfies Record<string, RateRule>;
