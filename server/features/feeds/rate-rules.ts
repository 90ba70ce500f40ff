import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the news feeds and oEmbed. */
export const FEED_RATE_RULES = {
  /**
   * Feed and oEmbed reads, per address: a feed reader polls each feed every few minutes at most
   * and a chat app asks oEmbed once per link shared; a script walking slugs is stopped.
   */
  readsPerAddress: {
    name: 'feeds:address',
    limit: 120,
    windowSeconds: 60,
    what: 'Too many feed reads',
  },
} satisfies Record<string, RateRule>;
