import { GROUP_LIMITS } from '#shared/constants/limits.ts';

/**
 * Texts of groups and subscriptions, kept once for the server (which answers them) and the
 * client (which shows them). The subscription texts are the spec's, word for word; the
 * others are ours.
 */
export const SUBSCRIPTION_MESSAGES = {
  groupNotFound: 'Group not found',
  subscribeFailed: 'Failed to subscribe to group',
  unsubscribeFailed: 'Failed to unsubscribe from group',
  viewTimeFailed: 'Failed to update subscription view time',
  subscribeUnauthenticated: 'User must be authenticated to subscribe',
  unsubscribeUnauthenticated: 'User must be authenticated to unsubscribe',
  hostCannotSubscribe: 'You host this group, so you already have full access',
  memberCannotSubscribe: 'You are a member of this group, so you already have full access',
  alreadySubscribed: 'You are already subscribed to this group',
  notSubscribed: 'You are not subscribed to this group',
} as const;

/** Toasts of subscribing. */
export const SUBSCRIPTION_TOASTS = {
  successTitle: 'Success',
  subscribed: 'Subscribed successfully!',
  unsubscribed: 'Unsubscribed successfully!',
  subscribeFailed: 'Failed to subscribe. Please try again.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

/** Texts of creating, editing and deleting groups and of their members. */
export const GROUP_MESSAGES = {
  unauthenticated: 'Sign in to create a group',
  notFound: 'Group not found',
  notHost: 'Only the host of this group can do this',
  invalidData: 'Invalid group data',
  nameEmpty: 'Name cannot be empty',
  nameTooLong: `Name must be at most ${GROUP_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${GROUP_LIMITS.descriptionMax} characters`,
  slugTooShort: `Slug must be at least ${GROUP_LIMITS.slugMin} characters`,
  slugTooLong: `Slug must be at most ${GROUP_LIMITS.slugMax} characters`,
  slugCharacters: 'Slug can only contain letters, numbers and hyphens',
  slugNotAvailable: 'This slug is not available',
  slugTaken: 'This slug is already taken',
  imageNotOurs: 'Group image must be an image you uploaded to Townhall',
  memberUserNotFound: 'No user has this username',
  memberIsHost: 'The host is already part of the group',
  memberAlreadyAdded: 'This person is already a member',
  memberNotFound: 'This person is not a member of the group',
  invalidCursor: 'This page link is not valid any more. Start again from the first page.',
  deleted: 'Group deleted',
} as const;
