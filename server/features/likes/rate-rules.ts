import type { RateRule } from '../../plugins/rate-limit.ts';
import { GROUP_RATE_RULES } from '../groups/public.ts';

/**
 * Limits of likes, per account. Likes of posts, comments, questions and answers share the group
 * like rule: one budget for every like and unlike.
 */
export const LIKE_RATE_RULES = {
  likesPerAccount: GROUP_RATE_RULES.likesPerAccount,
} satisfies Record<string, RateRule>;
