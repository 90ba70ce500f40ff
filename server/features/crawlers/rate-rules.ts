import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the sitemaps, the only crawler files read from the database. */
export const CRAWLER_RATE_RULES = {
  /**
   * Sitemap reads, per address: a search engine fetches the index and its files a few times a
   * day, each file once; a script asking for them in a loop is stopped before it costs the
   * database a scan of every question a second.
   */
  sitemapReadsPerAddress: {
    name: 'sitemaps:address',
    limit: 60,
    windowSeconds: 60,
    what: 'Too many sitemap reads',
  },
} satisfies Record<string, RateRule>;
