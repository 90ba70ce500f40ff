import { z } from 'zod';
import { ProfileSchema } from '#shared/schemas/accounts.ts';

/**
 * The API contract of profiles, follows and images. Server routes validate with
 * these; the client types its answers with them (type-only imports, decision 024).
 */

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { PROFILE_LIMITS } from '#shared/constants/limits.ts';

/** What anyone may see of a person: never the e-mail or the settings. */
export const PublicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  quote: z.string(),
  profileImageURL: z.string(),
  followers: z.number().int(),
  following: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** The signed-in viewer's relation to a person; null when signed out. */
export const ViewerRelationSchema = z
  .object({
    isSelf: z.boolean(),
    isFollowing: z.boolean(),
  })
  .nullable();

/** A group a person hosts, as their profile lists it (filled once groups exist). */
export const HostedGroupSchema = z.object({
  id: z.string(),
  /** For the link to the group's page. */
  slug: z.string(),
  name: z.string(),
  groupImage: z.string(),
  ama: z.boolean(),
});

/**
 * GET /api/profiles/:username (current or former username, any case) and GET /api/users/:userId/public-profile.
 * When the handle asked for is a former one, `profile.username` is the current one: the client moves there.
 */
export const ProfilePageResponseSchema = z.object({
  profile: PublicProfileSchema,
  viewer: ViewerRelationSchema,
  hostedGroups: z.array(HostedGroupSchema),
});
export type ProfilePageResponse = z.infer<typeof ProfilePageResponseSchema>;

/**
 * Body of PATCH /api/users/:userId/profile: any of these, nothing else (unknown fields are
 * refused, not stored). profileImageURL is '' or a URL of an image the person uploaded.
 * Checked on the server with the spec's messages ('Invalid update data', 'Profile image URL
 * must be a string', 'This username is not available', …), so kept loose here.
 */
export const ProfileUpdateInputSchema = z.object({
  name: z.unknown().optional(),
  username: z.unknown().optional(),
  quote: z.unknown().optional(),
  profileImageURL: z.unknown().optional(),
});
export type ProfileUpdateInput = {
  name?: string;
  username?: string;
  quote?: string;
  profileImageURL?: string;
};

/** Answer of the profile update: the person's whole profile after it. */
export const ProfileUpdateResponseSchema = z.object({ profile: ProfileSchema });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

/** Answer of PUT and DELETE /api/users/:userId/follow (idempotent). */
export const FollowResponseSchema = z.object({
  isFollowing: z.boolean(),
  /** The followed person's follower count after the change. */
  followers: z.number().int(),
});
export type FollowResponse = z.infer<typeof FollowResponseSchema>;

/** A person in a followers or following list, with the viewer's relation to them. */
export const PersonSummarySchema = PublicProfileSchema.pick({
  id: true,
  username: true,
  name: true,
  quote: true,
  profileImageURL: true,
  followers: true,
}).extend({
  /** Whether the signed-in viewer follows this person; null when signed out or it is the viewer. */
  isFollowing: z.boolean().nullable(),
  /** When the follow of this list was made. */
  followedAt: z.iso.datetime(),
});
export type PersonSummary = z.infer<typeof PersonSummarySchema>;

/** Query of GET /api/users/:userId/followers and /following: 20 a page, newest first. */
export const PeoplePageQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const PeoplePageSchema = z.object({
  people: z.array(PersonSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof PeoplePageSchema>;

/** Query of POST /api/images (multipart/form-data, one part named `file`). */
export const ImageUploadQuerySchema = z.strictObject({
  purpose: z.enum(['avatar', 'group', 'post']),
});

/** One rendition of an uploaded image. */
export const ImageVariantSchema = z.object({
  name: z.string(),
  format: z.enum(['webp', 'avif']),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});

/** Answer of POST /api/images (201). */
export const ImageUploadResponseSchema = z.object({
  id: z.string(),
  /** The rendition to store (e.g. as profileImageURL): the largest one made (renditionsUpTo rebuilds the rest from it). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ImageVariantSchema),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;
