import { z } from 'zod';

/** Largest message either side may send on the live channel, in bytes. */
export const LIVE_MAX_MESSAGE_BYTES = 64 * 1024;
/** How often the client sends an application-level ping, in milliseconds. */
export const LIVE_CLIENT_PING_INTERVAL_MS = 25_000;
/** How long the client waits for a pong before it treats the socket as dead. */
export const LIVE_CLIENT_PONG_TIMEOUT_MS = 10_000;
/** Reconnect backoff: first delay, cap, both in milliseconds. */
export const LIVE_RECONNECT_BASE_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;
/**
 * WebSocket close code of a socket whose session ended (sign-out, password change or reset on
 * any device, a disabled account, an expired session): the client reads its session again.
 */
export const LIVE_VIEWER_ENDED_CLOSE_CODE = 4403;
/** WebSocket close code of a socket that broke a rule of the channel (too many messages). */
export const LIVE_POLICY_VIOLATION_CLOSE_CODE = 1008;
/** Messages one socket may send per second on average, and at once after a quiet spell. */
export const LIVE_MESSAGES_PER_SECOND = 10;
export const LIVE_MESSAGE_BURST = 30;
/** Open live connections one network address (IPv6: one /64) may hold on one server process. */
export const LIVE_MAX_CONNECTIONS_PER_ADDRESS = 20;

/** Whether the page behind a connection is in front of its person ('online') or hidden ('away'). */
export const LIVE_PRESENCE_STATUSES = ['online', 'away'] as const;
export type LivePresenceStatus = (typeof LIVE_PRESENCE_STATUSES)[number];

/**
 * A topic names what a client watches: `kind:id`, for example `group:42` or `session:7`.
 * Kinds are registered by server features, each with its own authorization.
 */
export const LiveTopicSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9_-]+$/, 'A topic looks like kind:id');

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
