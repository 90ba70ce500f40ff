import { PROFILE_LIMITS } from '#shared/constants/limits.ts';

/**
 * Texts of the profile and follow routes, kept once for the server (which answers them) and
 * the client (which checks the same things before sending). The first five are the spec's,
 * word for word; the others are ours.
 */
export const PROFILE_MESSAGES = {
  invalidUserId: 'Invalid user ID',
  invalidData: 'Invalid update data',
  notFound: 'User profile not found',
  imageUrlNotString: 'Profile image URL must be a string',
  usernameNotAvailable: 'This username is not available',
  unauthenticated: 'User must be authenticated',
  notOwner: "Unauthorized: Cannot update another user's profile",
  nameEmpty: 'Name cannot be empty',
  nameTooLong: `Name must be at most ${PROFILE_LIMITS.nameMax} characters`,
  quoteTooLong: `Quote must be at most ${PROFILE_LIMITS.quoteMax} characters`,
  usernameTooLong: `Username must be at most ${PROFILE_LIMITS.usernameMax} characters`,
  imageNotOurs: 'Profile image must be an avatar you uploaded to Townhall',
} as const;

/** Texts of following people. */
export const FOLLOW_MESSAGES = {
  unauthenticated: 'Sign in to follow people',
  self: 'You cannot follow yourself',
  notFound: 'User profile not found',
  invalidCursor: 'This page link is not valid any more. Start again from the first page.',
} as const;

/** The page of a handle nobody has (the server's title and the client's 404 page). */
export const PAGE_NOT_FOUND_TITLE = 'Page not found';
