import { z } from 'zod';

import {
  LIVE_PRESENCE_STATUSES,
  LIVE_TOPIC_MAX_LENGTH,
  LIVE_TOPIC_MIN_LENGTH,
  LIVE_TOPIC_PATTERN,
} from '#shared/constants/live.ts';

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export {
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_CLIENT_PING_INTERVAL_MS,
  LIVE_CLIENT_PONG_TIMEOUT_MS,
  LIVE_RECONNECT_BASE_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_VIEWER_ENDED_CLOSE_CODE,
  LIVE_POLICY_VIOLATION_CLOSE_CODE,
  LIVE_MESSAGES_PER_SECOND,
  LIVE_MESSAGE_BURST,
  LIVE_MAX_CONNECTIONS_PER_ADDRESS,
  LIVE_PRESENCE_STATUSES,
  type LivePresenceStatus,
} from '#shared/constants/live.ts';

/** A topic names what a client watches: `kind:id` (LIVE_TOPIC_PATTERN), for example `group:42`. */
export const LiveTopicSchema = z
  .string()
  .min(LIVE_TOPIC_MIN_LENGTH)
  .max(LIVE_TOPIC_MAX_LENGTH)
  .regex(LIVE_TOPIC_PATTERN, 'A topic looks like kind:id');

/** Messages a client sends. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), topic: LiveTopicSchema }),
  z.strictObject({ type: z.literal('unsubscribe'), topic: LiveTopicSchema }),
  z.strictObject({ type: z.literal('ping') }),
  /** The page was shown or hidden; counts for every topic of this connection that shows who watches. */
  z.strictObject({ type: z.literal('presence'), status: z.enum(LIVE_PRESENCE_STATUSES) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/**
 * An event is small: its name (`resource.verb`), the ids it concerns and at most a few
 * scalar fields. Clients refetch or patch their cache from it; REST stays the source of truth.
 */
export const LiveEventSchema = z.object({
  topic: LiveTopicSchema,
  event: z.string().regex(/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/, 'An event is named resource.verb'),
  ids: z.record(z.string(), z.union([z.string(), z.number()])),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** Messages the server sends. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), connectionId: z.string() }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('error'),
    topic: z.string().optional(),
    code: z.string(),
    message: z.string(),
  }),
  z.object({
    type: z.literal('event'),
    topic: z.string(),
    event: z.string(),
    ids: z.record(z.string(), z.union([z.string(), z.number()])),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
