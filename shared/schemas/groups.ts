import { z } from 'zod';
import { OPEN_QUESTION_CAP } from '#shared/constants/fair-queue.ts';
import { GROUP_LIMITS } from '#shared/constants/limits.ts';
import { GROUP_ROLES } from '#shared/lib/permissions.ts';

/**
 * The API contract of groups, roles, subscriptions and group likes. Server routes
 * validate with these; the client types its answers with them (type-only imports, decision 024).
 */

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { GROUP_LIMITS };

export const GroupRoleSchema = z.enum([...GROUP_ROLES, 'unknown']);

/** A person as a group shows them (host, member). */
export const GroupPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  profileImageURL: z.string(),
});
export type GroupPerson = z.infer<typeof GroupPersonSchema>;

/** A group in lists and on its page. `lastActivityAt` is null until the first post, question, answer or comment. */
export const GroupSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  groupImage: z.string(),
  ama: z.boolean(),
  /** Questions wait for the host's approval before others see them (ama groups). */
  questionsNeedApproval: z.boolean(),
  /** Subscribers may ask anonymously (ama groups): everyone, the host included, sees "Anonymous". */
  anonymousQuestions: z.boolean(),
  /** The most open questions one person may have in the queue at once (ama groups); null: no cap. */
  openQuestionCap: z.number().int().nullable(),
  /** The queue opens in the "fresh" order, where late questions can rise (ama groups). */
  freshOrder: z.boolean(),
  ownerId: z.string(),
  host: GroupPersonSchema,
  subscriberCount: z.number().int(),
  memberCount: z.number().int(),
  likeCount: z.number().int(),
  lastActivityAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;

/**
 * The signed-in viewer's access to a group: role derived on the server,
 * canSubscribe only for a guest. Signed out: role 'unknown', everything false.
 */
export const GroupAccessSchema = z.object({
  groupId: z.string(),
  role: GroupRoleSchema,
  canSubscribe: z.boolean(),
  isSubscribed: z.boolean(),
  isMember: z.boolean(),
  /** Whether the viewer liked the group itself. */
  isLiked: z.boolean(),
});
export type GroupAccess = z.infer<typeof GroupAccessSchema>;

/** GET /api/group-slugs/:slug — the group page. */
export const GroupPageResponseSchema = z.object({
  group: GroupSummarySchema,
  access: GroupAccessSchema,
});
export type GroupPageResponse = z.infer<typeof GroupPageResponseSchema>;

/**
 * Body of POST /api/groups. Checked on the server with GROUP_MESSAGES (so kept loose in
 * types here); groupImage is '' or the URL of a 'group' image the creator uploaded.
 */
export const GroupCreateInputSchema = z.strictObject({
  name: z.string(),
  slug: z.string(),
  description: z.string().default(''),
  groupImage: z.string().default(''),
  ama: z.boolean().default(false),
  questionsNeedApproval: z.boolean().default(false),
  anonymousQuestions: z.boolean().default(false),
  openQuestionCap: z.number().int().min(OPEN_QUESTION_CAP.min).max(OPEN_QUESTION_CAP.max).nullable().default(null),
  freshOrder: z.boolean().default(false),
});
export type GroupCreateInput = z.input<typeof GroupCreateInputSchema>;

/** Body of PATCH /api/groups/:groupId (host only): any of the creation fields. */
export const GroupUpdateInputSchema = z.strictObject({
  name: z.string().optional(),
  slug: z.string().optional(),
  description: z.string().optional(),
  groupImage: z.string().optional(),
  ama: z.boolean().optional(),
  questionsNeedApproval: z.boolean().optional(),
  anonymousQuestions: z.boolean().optional(),
  openQuestionCap: z.number().int().min(OPEN_QUESTION_CAP.min).max(OPEN_QUESTION_CAP.max).nullable().optional(),
  freshOrder: z.boolean().optional(),
});
export type GroupUpdateInput = z.infer<typeof GroupUpdateInputSchema>;

/** Answer of POST (201) and PATCH: the group after the change. */
export const GroupResponseSchema = z.object({ group: GroupSummarySchema });
export type GroupResponse = z.infer<typeof GroupResponseSchema>;

/** GET /api/groups/slug-availability?slug= — for the form's comfort; the create route checks again. */
export const SlugAvailabilityQuerySchema = z.strictObject({
  slug: z.string().max(200),
  groupId: z.string().max(200).optional(),
});
export const SlugAvailabilityResponseSchema = z.object({
  available: z.boolean(),
  /** Why not, one of GROUP_MESSAGES' slug texts. */
  message: z.string().nullable(),
});
export type SlugAvailabilityResponse = z.infer<typeof SlugAvailabilityResponseSchema>;

/** Query of GET /api/groups: newest first or most subscribed, 20 a page. */
export const GroupListQuerySchema = z.strictObject({
  sort: z.enum(['newest', 'popular']).default('newest'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(GROUP_LIMITS.pageMax).default(GROUP_LIMITS.pageSize),
});
export const GroupListResponseSchema = z.object({
  groups: z.array(GroupSummarySchema),
  nextCursor: z.string().nullable(),
});
export type GroupListResponse = z.infer<typeof GroupListResponseSchema>;

/** Query of the paged lists of one group or person (members, subscribers, subscriptions). */
export const PageQuerySchema = z.strictObject({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(GROUP_LIMITS.pageMax).default(GROUP_LIMITS.pageSize),
});

/** A member of a group, newest first. */
export const GroupMemberSchema = GroupPersonSchema.extend({ addedAt: z.iso.datetime() });
export const GroupMemberListResponseSchema = z.object({
  members: z.array(GroupMemberSchema),
  nextCursor: z.string().nullable(),
});
export type GroupMemberListResponse = z.infer<typeof GroupMemberListResponseSchema>;

/** Body of POST /api/groups/:groupId/members (host only). */
export const AddMemberInputSchema = z.strictObject({ username: z.string().max(200) });
export const AddMemberResponseSchema = z.object({ member: GroupMemberSchema, memberCount: z.number().int() });
export type AddMemberResponse = z.infer<typeof AddMemberResponseSchema>;

/** The subscriber record, newest first (GET /api/groups/:groupId/subscribers). */
export const SubscriberRecordSchema = z.object({
  /** The subscriber's user id. */
  id: z.string(),
  name: z.string(),
  username: z.string(),
  image: z.string(),
  groupId: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SubscriberRecord = z.infer<typeof SubscriberRecordSchema>;
export const SubscriberListResponseSchema = z.object({
  subscribers: z.array(SubscriberRecordSchema),
  nextCursor: z.string().nullable(),
});
export type SubscriberListResponse = z.infer<typeof SubscriberListResponseSchema>;

/** The user's subscribing record: a group the user subscribes to. */
export const SubscribingRecordSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  groupImage: z.string(),
  subscribedAt: z.iso.datetime(),
  lastViewedAt: z.iso.datetime().nullable(),
});
export type SubscribingRecord = z.infer<typeof SubscribingRecordSchema>;

/** GET /api/groups/:groupId/subscription — check-subscribed and the subscription data. */
export const SubscriptionStatusResponseSchema = z.object({
  isSubscribed: z.boolean(),
  subscription: SubscribingRecordSchema.nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponseSchema>;

/** Answer of PUT (subscribe) and DELETE (unsubscribe) /api/groups/:groupId/subscription; idempotent. */
export const SubscribeResponseSchema = z.object({
  isSubscribed: z.boolean(),
  /** false when nothing changed (already subscribed, or not subscribed). */
  changed: z.boolean(),
  subscriberCount: z.number().int(),
  access: GroupAccessSchema,
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

/** One item of GET /api/me/subscriptions. */
export const SubscriptionItemSchema = z.object({
  groupId: z.string(),
  groupSlug: z.string(),
  groupName: z.string(),
  groupImage: z.string(),
  creatorName: z.string(),
  creatorProfileImage: z.string(),
  /** The creator's username. */
  username: z.string(),
  subscribedAt: z.iso.datetime(),
  lastViewedAt: z.iso.datetime().nullable(),
  lastActivityAt: z.iso.datetime().nullable(),
  hasNewActivity: z.boolean(),
  /**
   * Questions and answers since lastViewedAt, each counted up to NEW_ITEMS_COUNT_CAP (100);
   * null until questions exist.
   */
  newQuestionsCount: z.number().int().nullable(),
  newAnswersCount: z.number().int().nullable(),
});
export type SubscriptionItem = z.infer<typeof SubscriptionItemSchema>;
export const SubscriptionListResponseSchema = z.object({
  subscriptions: z.array(SubscriptionItemSchema),
  nextCursor: z.string().nullable(),
});
export type SubscriptionListResponse = z.infer<typeof SubscriptionListResponseSchema>;

/** Answer of PUT and DELETE /api/groups/:groupId/like (action like on target group; idempotent). */
export const GroupLikeResponseSchema = z.object({ isLiked: z.boolean(), likeCount: z.number().int() });
export type GroupLikeResponse = z.infer<typeof GroupLikeResponseSchema>;

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { GROUP_LIVE_EVENTS, groupTopic, userTopic } from '#shared/constants/live.ts';
