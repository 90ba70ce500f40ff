import type { RateRule } from '../../plugins/rate-limit.ts';

/**
 * Limits of the group routes, per account: enough for anyone clicking, too few for a script
 * that creates groups in bulk or flips a subscription, a membership or a like to flood
 * other people's live channels.
 */
export const GROUP_RATE_RULES = {
  groupCreationsPerAccount: {
    name: 'group-create:account',
    limit: 20,
    windowSeconds: 60 * 60,
    what: 'Too many new groups',
  },
  subscriptionChangesPerAccount: {
    name: 'group-subscription:account',
    limit: 300,
    windowSeconds: 60 * 60,
    what: 'Too many subscribes and unsubscribes',
  },
  memberChangesPerAccount: {
    name: 'group-member:account',
    limit: 300,
    windowSeconds: 60 * 60,
    what: 'Too many member changes',
  },
  likesPerAccount: {
    name: 'like:account',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many likes and unlikes',
  },
} satisfies Record<string, RateRule>;
