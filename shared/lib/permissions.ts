/**
 * The permission rule: one function both sides use. The client asks it
 * before an action to pick the gate flow (sign in, subscribe, or an 'Access Denied' toast);
 * the server asks it before every write in a group and answers 401/403 with its reason.
 */

/** Roles a signed-in person can have in a group. */
export const GROUP_ROLES = ['host', 'member', 'subscriber', 'guest'] as const;
export type KnownGroupRole = (typeof GROUP_ROLES)[number];
/** 'unknown': signed out, or access not loaded yet. */
export type GroupRole = KnownGroupRole | 'unknown';

/** The interaction model's actions. */
export const INTERACTION_ACTIONS = ['like', 'comment', 'reply', 'ask', 'post', 'attach_image'] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];

/**
 * Reads the rule answers too (ours, not the spec's): readLedger, reading the public moderation
 * ledger of a group's question queue, is open to everyone, signed out included.
 */
export const READ_ACTIONS = ['readLedger'] as const;
export type ReadAction = (typeof READ_ACTIONS)[number];

/**
 * What an action is done on, by collection type. The spec names `questionQueue`; the others
 * are ours: the group itself (liking it), its posts and their comments.
 */
export const INTERACTION_TARGETS = ['group', 'posts', 'comments', 'questionQueue'] as const;
export type InteractionTarget = (typeof INTERACTION_TARGETS)[number];

export type Requirement = 'auth' | 'subscription';

export interface PermissionResult {
  allowed: boolean;
  requirements: Requirement[];
  reason?: string;
}

/** The rule's reasons, word for word as the spec gives them. */
export const PERMISSION_REASONS = {
  hostComment: 'Hosts answer questions rather than comment on them',
  guest: 'Please sign in and subscribe to interact',
} as const;

const SUBSCRIBER_ACTIONS: ReadonlySet<string> = new Set<InteractionAction>(INTERACTION_ACTIONS);

/**
 * Whether `role` may do `action` on `target`, exactly:
 * host — everything but comment on the question queue; member — everything;
 * subscriber — the six interaction actions, anything else needs a subscription;
 * guest — nothing, needs sign-in and a subscription; anyone else — nothing, needs sign-in.
 * readLedger: everyone, signed out included, on the question queue (the ledger is public); on
 * any other target nobody, since only the queue has a ledger.
 * `action` is a string so an action the rule does not know is denied, not a type error at run time.
 */
export function checkPermission(
  role: GroupRole,
  action: InteractionAction | ReadAction | (string & {}),
  target: InteractionTarget,
): PermissionResult {
  if (action === 'readLedger') {
    return target === 'questionQueue' ? { allowed: true, requirements: [] } : { allowed: false, requirements: [] };
  }
  switch (role) {
    case 'host':
      if (action === 'comment' && target === 'questionQueue') {
        return { allowed: false, requirements: [], reason: PERMISSION_REASONS.hostComment };
      }
      return { allowed: true, requirements: [] };
    case 'member':
      return { allowed: true, requirements: [] };
    case 'subscriber':
      return SUBSCRIBER_ACTIONS.has(action)
        ? { allowed: true, requirements: [] }
        : { allowed: false, requirements: ['subscription'] };
    case 'guest':
      return { allowed: false, requirements: ['auth', 'subscription'], reason: PERMISSION_REASONS.guest };
    default:
      return { allowed: false, requirements: ['auth'] };
  }
}

/**
 * Role of a person in a group: host if they own it, else member if a
 * members record exists, else subscriber if a subscribers record exists, else guest;
 * signed out (no user id) is unknown.
 */
export function deriveGroupRole(input: {
  userId: string | null | undefined;
  ownerId: string;
  isMember: boolean;
  isSubscriber: boolean;
}): GroupRole {
  if (!input.userId) return 'unknown';
  if (input.userId === input.ownerId) return 'host';
  if (input.isMember) return 'member';
  if (input.isSubscriber) return 'subscriber';
  return 'guest';
}

/** canSubscribe: access is known and the person is not host, member or subscriber. */
export function canSubscribe(role: GroupRole): boolean {
  return role === 'guest';
}

/**
 * An item of a group's content (a post, comment, reply or question) as the ownership rules see
 * it: who wrote it and who hosts its group.
 */
export interface OwnedContent {
  authorId: string;
  hostId: string;
}

/** Whether `viewerId` (null: signed out) may edit the item: its author alone. A question answered is not edited. */
export function canEditContent(viewerId: string | null, item: Pick<OwnedContent, 'authorId'>): boolean {
  return viewerId !== null && viewerId === item.authorId;
}

/** Whether `viewerId` (null: signed out) may delete the item: its author, or its group's host (moderation). */
export function canDeleteContent(viewerId: string | null, item: OwnedContent): boolean {
  return viewerId !== null && (viewerId === item.authorId || viewerId === item.hostId);
}

/**
 * The live Q&A's own rules (ours, not the spec's). Each takes what the server knows about the
 * question or session, so the client asks the same function before it shows the action.
 */
export interface LiveQuestion extends OwnedContent {
  /** Whether the question is still waiting in the queue (open, not answered, merged or hidden). */
  isOpen: boolean;
}

/**
 * Whether `viewerId` may merge the question into another of its group: the host, any open
 * question; its asker, their own open question (into a question that already exists).
 */
export function canMergeQuestion(viewerId: string | null, question: LiveQuestion): boolean {
  if (viewerId === null || viewerId === '' || !question.isOpen) return false;
  return viewerId === question.hostId || viewerId === question.authorId;
}

/**
 * Whether `viewerId` may edit the question's text: its asker, their own; the host, anyone's (to
 * take out personal details or fix a typo before answering; a public 'edited' ledger entry and an
 * "edited by the host" label say so). Neither edits an answered or a merged question.
 */
export function canEditQuestion(
  viewerId: string | null,
  question: OwnedContent & { isAnswered: boolean; isMerged: boolean },
): boolean {
  if (viewerId === null || viewerId === '' || question.isAnswered || question.isMerged) return false;
  return viewerId === question.authorId || viewerId === question.hostId;
}

/** Whether `viewerId` may undo a merge: the host, or whoever merged it when the asker did. */
export function canUndoMerge(viewerId: string | null, merge: { hostId: string; mergedById: string | null }): boolean {
  if (viewerId === null || viewerId === '') return false;
  return viewerId === merge.hostId || viewerId === merge.mergedById;
}

/** Whether `viewerId` may carry a session's open questions over, or clear the answer-later list: the host. */
export function canCarryQuestions(viewerId: string | null, session: { hostId: string }): boolean {
  return viewerId !== null && viewerId !== '' && viewerId === session.hostId;
}

/** Whether `role` may ask anonymously in a group: whoever may ask, when the group allows it. */
export function canAskAnonymously(role: GroupRole, group: { anonymousQuestions: boolean }): boolean {
  return group.anonymousQuestions && checkPermission(role, 'ask', 'questionQueue').allowed;
}

/**
 * The cap on open questions per person that applies to `role` in a group (the fair queue's), or
 * null for none: the group's cap, for everyone but its host, who answers the queue.
 */
export function openQuestionCapFor(role: GroupRole, group: { openQuestionCap: number | null }): number | null {
  return role === 'host' ? null : group.openQuestionCap;
}

/** Who may see who asked an anonymous question: administrators alone (each look is audited). */
export function canRevealAnonymousAuthor(viewer: { isAdmin: boolean } | null): boolean {
  return viewer?.isAdmin === true;
}

/** Whether `viewerId` may read a session's or a group's host analytics: its host, or an administrator. */
export function canReadHostAnalytics(
  viewer: { id: string; isAdmin: boolean } | null,
  group: { hostId: string },
): boolean {
  if (viewer === null || viewer.id === '') return false;
  return viewer.isAdmin || viewer.id === group.hostId;
}

/** Words of the subscribe gate per blocked action. */
export const GATE_WORDING: Record<InteractionAction | 'continue', { title: string; confirm: string }> = {
  like: { title: 'Subscribe to like', confirm: 'Subscribe & Like' },
  comment: { title: 'Subscribe to comment', confirm: 'Subscribe & Comment' },
  reply: { title: 'Subscribe to comment', confirm: 'Subscribe & Comment' },
  ask: { title: 'Subscribe to ask questions', confirm: 'Subscribe & Ask' },
  post: { title: 'Subscribe to post', confirm: 'Subscribe & Post' },
  attach_image: { title: 'Subscribe to post', confirm: 'Subscribe & Post' },
  continue: { title: 'Subscribe to continue', confirm: 'Subscribe & Continue' },
};

/** The gate's text and busy label. */
export const GATE_TEXTS = {
  description:
    'Subscribing to this creator is required to engage. Townhall will subscribe you and complete the action in one step.',
  busy: 'Subscribing…',
  cancel: 'Cancel',
  deniedTitle: 'Access Denied',
  deniedFallback: "You don't have permission for this action",
} as const;

/**
 * How the server answers a write the rule denies: 401 `unauthenticated` when only sign-in is
 * missing, 403 `subscription_required` when a subscription would open it (the client then opens
 * the subscribe gate), 403 `forbidden` otherwise; the message is the rule's reason or the fallback.
 */
export const PERMISSION_ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  subscriptionRequired: 'subscription_required',
  forbidden: 'forbidden',
} as const;

/** The message of a 401 from the rule (the spec gives no reason for signed-out people). */
export const SIGN_IN_TO_INTERACT = 'Please sign in to interact';
