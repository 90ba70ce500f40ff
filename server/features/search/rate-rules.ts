import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the search routes, per address: suggestions come with every keystroke, so the
 * limit is generous; a script reading the whole site through search is not.
 */
export const SEARCH_RATE_RULES = {
  suggestionsPerAddress: {
    name: 'search-suggestions:address',
    limit: 240,
    windowSeconds: 60,
    what: 'Too many searches',
  },
  searchesPerAddress: {
    name: 'search:address',
    limit: 120,
    windowSeconds: 60,
    what: 'Too many searches',
  },
} satisfies Record<string, RateRule>;
