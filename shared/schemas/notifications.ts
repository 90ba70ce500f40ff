import { z } from 'zod';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';

/**
 * The API contract of in-app notifications (the bell). The server builds each item's
 * `href`, so the client opens it without knowing how targets map to pages.
 */

/** Kinds of notification, as stored. */
export const NOTIFICATION_KIND_VALUES = [
  'new_answer',
  'new_question',
  'new_follower',
  'new_ama',
  'ama_starting',
  'reply',
  'question_merged',
  'question_carried',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KIND_VALUES);
export type NotificationKindName = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATION_LIMITS = {
  /** Items on one page of the list. */
  pageSize: 20,
  /** Most ids one mark-read request may name. */
  markReadMax: 100,
} as const;

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { NOTIFICATION_LIVE_EVENTS } from '#shared/constants/live.ts';

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  /** Who caused it; null when nobody did (a session starting) or they deleted their account. */
  actor: GroupPersonSchema.nullable(),
  group: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** A short text: the question, the comment, the session's title. */
  excerpt: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
  /** The in-app path the item opens, e.g. `/group/ama?tab=questions`. */
  href: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({ cursor: z.string().max(500).optional() });

export const NotificationListResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const UnreadCountResponseSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;

/** Body of POST /api/notifications/read: the ids to mark read, or none for all of them. */
export const MarkNotificationsReadInputSchema = z.strictObject({
  ids: z.array(z.uuid()).max(NOTIFICATION_LIMITS.markReadMax).optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInputSchema>;

/** How many notifications changed from unread to read. */
export const MarkNotificationsReadResponseSchema = z.object({ count: z.number().int().min(0) });
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponseSchema>;
