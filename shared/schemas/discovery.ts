import { z } from 'zod';

import { DISCOVERY_LIMITS } from '#shared/constants/limits.ts';

import { GroupPersonSchema } from './groups.ts';
import { PostImageSchema } from './posts.ts';
import { AmaSessionSchema, SessionListResponseSchema } from './sessions.ts';

/**
 * The API contract of discovery: the signed-in home feed, the creators directory and
 * the creator dashboard. Server routes validate with these; the client types its answers with
 * them (type-only imports, decision 024).
 */

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { DISCOVERY_LIMITS };

/** A group as a feed item or the dashboard names it. */
export const GroupRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), groupImage: z.string() });
export type GroupRef = z.infer<typeof GroupRefSchema>;

/** Query of GET /api/me/feed. */
export const FeedQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });

/** One item of the home feed: a post, or the host's answer to a question (with the question). */
export const FeedItemSchema = z.object({
  kind: z.enum(['post', 'answer']),
  id: z.string(),
  createdAt: z.iso.datetime(),
  group: GroupRefSchema,
  author: GroupPersonSchema,
  body: z.string(),
  /** A post's images (empty for an answer). */
  images: z.array(PostImageSchema),
  /** The question an answer answers; null for a post. */
  question: z.object({ id: z.string(), body: z.string() }).nullable(),
});
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** GET /api/me/feed: newest first, 20 a page; pass `nextCursor` as `cursor` for the next. */
export const FeedResponseSchema = z.object({ items: z.array(FeedItemSchema), nextCursor: z.string().nullable() });
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

/** Query of GET /api/me/sessions: the sessions of my groups, upcoming (soonest first) or live. */
export const MySessionsQuerySchema = z.strictObject({
  scope: z.enum(['upcoming', 'live']).default('upcoming'),
  cursor: z.string().max(300).optional(),
});
export type MySessionsScope = z.infer<typeof MySessionsQuerySchema>['scope'];
export const MySessionsResponseSchema = SessionListResponseSchema;
export type MySessionsResponse = z.infer<typeof MySessionsResponseSchema>;

/** Query of GET /api/creators. */
export const CreatorListQuerySchema = z.strictObject({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(DISCOVERY_LIMITS.pageMax).default(DISCOVERY_LIMITS.pageSize),
});

/** A creator (someone hosting at least one group) in the directory. */
export const CreatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  quote: z.string(),
  profileImageURL: z.string(),
  followers: z.number().int(),
  groupCount: z.number().int(),
  /** Whether the signed-in viewer follows them; null when signed out or it is the viewer. */
  isFollowing: z.boolean().nullable(),
});
export type Creator = z.infer<typeof CreatorSchema>;

/** GET /api/creators: most followers first. `people` (not `creators`) so follow buttons patch rows like other people lists. */
export const CreatorListResponseSchema = z.object({
  people: z.array(CreatorSchema),
  nextCursor: z.string().nullable(),
});
export type CreatorListResponse = z.infer<typeof CreatorListResponseSchema>;

/** A group I host, with what waits for me in it. */
export const DashboardGroupSchema = GroupRefSchema.extend({
  ama: z.boolean(),
  subscriberCount: z.number().int(),
  memberCount: z.number().int(),
  /** Open (approved, not answered), not hidden questions. */
  unansweredCount: z.number().int(),
  /** Questions waiting for my approval (not hidden). */
  pendingCount: z.number().int(),
});
export type DashboardGroup = z.infer<typeof DashboardGroupSchema>;

export const ACTIVITY_KINDS = ['question', 'comment', 'post', 'subscription'] as const;

/** Something someone else did in one of my groups. */
export const ActivityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  id: z.string(),
  createdAt: z.iso.datetime(),
  group: GroupRefSchema,
  actor: GroupPersonSchema,
  /** The question's, comment's or post's text ('' for a subscription). */
  text: z.string(),
  /** What to open: the post or question (a comment's parent), or the group itself. */
  target: z.object({ type: z.enum(['post', 'question', 'group']), id: z.string() }),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** GET /api/me/dashboard. */
export const DashboardResponseSchema = z.object({
  groups: z.array(DashboardGroupSchema),
  totals: z.object({
    subscribers: z.number().int(),
    unanswered: z.number().int(),
    pending: z.number().int(),
  }),
  /** Scheduled and live sessions of my groups, soonest first. */
  upcomingSessions: z.array(AmaSessionSchema),
  /** Newest first. */
  activity: z.array(ActivityItemSchema),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
