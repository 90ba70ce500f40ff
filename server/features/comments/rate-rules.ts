import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of comments and replies, per account: far above anyone typing, low enough that a
 * script cannot flood a group's threads and its watchers' live channels.
 */
export const COMMENT_RATE_RULES = {
  commentsPerAccount: { name: 'comment:account', limit: 120, windowSeconds: 60 * 60, what: 'Too many comments' },
} satisfies Record<string, RateRule>;
