/**
 * The live channel's constants, its topics and the events each feature sends on them, shared by
 * the server and the client (which imports them without zod). The messages' zod schemas are in
 * shared/schemas/live.ts.
 */

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
export const LIVE_TOPIC_PATTERN = /^[a-z][a-z0-9-]*:[A-Za-z0-9_-]+$/;
export const LIVE_TOPIC_MIN_LENGTH = 3;
export const LIVE_TOPIC_MAX_LENGTH = 200;

/**
 * Live topics of groups:
 * - `group:{groupId}` — anyone may watch: 'group.updated', 'group.deleted', 'subscribers.changed'
 *   (data.subscriberCount), 'members.changed' (ids.userId, data.memberCount), 'likes.changed' (data.likeCount).
 * - `user:{userId}` — only that person: 'access.changed' (ids.groupId) when their membership or
 *   subscription of a group changes (another tab, or the host adding them), 'subscriptions.changed'.
 */
export const GROUP_LIVE_EVENTS = {
  groupUpdated: 'group.updated',
  groupDeleted: 'group.deleted',
  subscribersChanged: 'subscribers.changed',
  membersChanged: 'members.changed',
  likesChanged: 'likes.changed',
  accessChanged: 'access.changed',
  subscriptionsChanged: 'subscriptions.changed',
} as const;
export const groupTopic = (groupId: string) => `group:${groupId}`;
export const userTopic = (userId: string) => `user:${userId}`;

/**
 * Live events on `group:{groupId}` (small: ids and counters; clients refetch or patch):
 * post.created/updated/deleted (ids.postId), comment.created/updated/deleted (ids.commentId,
 * ids.parentId, data.parentType), like.changed (ids.targetId, data.targetType, data.likeCount),
 * question.created/updated/deleted (ids.questionId; a pending question is announced only to the
 * host's user topic), question.answered (ids.questionId), question.pinned (ids.questionId or
 * data.pinned null), question.merged and question.unmerged (ids.questionId the merged one,
 * data.intoQuestionId the one it went into, data.likeCount that one's votes after), and
 * questions.carried (ids.sessionId the ended session, data.toSessionId the next one or null for
 * the answer-later list, data.count; and when the answer-later list is cleared, data.cleared).
 */
export const CONTENT_LIVE_EVENTS = {
  postCreated: 'post.created',
  postUpdated: 'post.updated',
  postDeleted: 'post.deleted',
  commentCreated: 'comment.created',
  commentUpdated: 'comment.updated',
  commentDeleted: 'comment.deleted',
  likeChanged: 'like.changed',
  questionCreated: 'question.created',
  questionUpdated: 'question.updated',
  questionDeleted: 'question.deleted',
  questionAnswered: 'question.answered',
  questionPinned: 'question.pinned',
  questionMerged: 'question.merged',
  questionUnmerged: 'question.unmerged',
  questionsCarried: 'questions.carried',
} as const;

/** Live events on `user:{id}`: a notification arrived, or some were read in another tab (the bell refetches). */
export const NOTIFICATION_LIVE_EVENTS = {
  created: 'notification.created',
  read: 'notification.read',
} as const;

/** Live events of sessions, on `session:{id}` and `group:{groupId}`. */
export const SESSION_LIVE_EVENTS = {
  created: 'session.created',
  updated: 'session.updated',
  deleted: 'session.deleted',
  started: 'session.started',
  ended: 'session.ended',
  presenceChanged: 'presence.changed',
} as const;

/**
 * Live event on `group:{groupId}` when an entry is added to the group's moderation ledger
 * (ids.groupId, and ids.sessionId when the question belongs to a session): open ledgers refetch.
 */
export const LEDGER_LIVE_EVENTS = {
  entryAdded: 'ledger.added',
} as const;

export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
