import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of posts, per account: far above anyone typing, low enough that a script cannot flood
 * a group's feed and its watchers' live channels.
 */
export const POST_RATE_RULES = {
  postsPerAccount: { name: 'post:account', limit: 30, windowSeconds: 60 * 60, what: 'Too many posts' },
} satisfies Record<string, RateRule>;
