import type { RateRule } from '../../plugins/rate-limit.ts';
import { GROUP_RATE_RULES } from '../groups/rate-rules.ts';

/**
 * Limits of posts, comments and likes, per account: far above anyone typing, low enough that
 * a script cannot flood a group's feed and its watchers' live channels. Likes share the group
 * like rule: one budget for every like and unlike.
 */
export const CONTENT_RATE_RULES = {
  postsPerAccount: { name: 'post:account', limit: 30, windowSeconds: 60 * 60, what: 'Too many posts' },
  commentsPerAccount: { name: 'comment:account', limit: 120, windowSeconds: 60 * 60, what: 'Too many comments' },
  likesPerAccount: GROUP_RATE_RULES.likesPerAccount,
} satisfies Record<string, RateRule>;
