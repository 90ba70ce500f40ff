import { describe, expect, it } from 'vitest';
import {
  GROUP_ROLES,
  INTERACTION_ACTIONS,
  INTERACTION_TARGETS,
  READ_ACTIONS,
  canAskAnonymously,
  canCarryQuestions,
  canDeleteContent,
  canEditContent,
  canEditQuestion,
  canMergeQuestion,
  openQuestionCapFor,
  canReadHostAnalytics,
  canRevealAnonymousAuthor,
  canUndoMerge,
  canSubscribe,
  checkPermission,
  deriveGroupRole,
  type GroupRole,
  type InteractionTarget,
  type PermissionResult,
} from './permissions.ts';

// The expected answers are spelled out, not recomputed: this table is the spec's permission rule read
// cell by cell, so a change to the rule shows up here as a failing row.
const ALLOWED: PermissionResult = { allowed: true, requirements: [] };
const HOST_COMMENT: PermissionResult = {
  allowed: false,
  requirements: [],
  reason: 'Hosts answer questions rather than comment on them',
};
const NEEDS_SUBSCRIPTION: PermissionResult = { allowed: false, requirements: ['subscription'] };
const GUEST_DENIED: PermissionResult = {
  allowed: false,
  requirements: ['auth', 'subscription'],
  reason: 'Please sign in and subscribe to interact',
};
const NEEDS_AUTH: PermissionResult = { allowed: false, requirements: ['auth'] };
// only the question queue has a moderation ledger
const NO_LEDGER: PermissionResult = { allowed: false, requirements: [] };

/** Every role × every action (the six, the read readLedger and one the rule does not know) × every target. */
const TABLE: [GroupRole, string, InteractionTarget, PermissionResult][] = [
  ['host', 'like', 'group', ALLOWED],
  ['host', 'like', 'posts', ALLOWED],
  ['host', 'like', 'comments', ALLOWED],
  ['host', 'like', 'questionQueue', ALLOWED],
  ['host', 'comment', 'group', ALLOWED],
  ['host', 'comment', 'posts', ALLOWED],
  ['host', 'comment', 'comments', ALLOWED],
  ['host', 'comment', 'questionQueue', HOST_COMMENT],
  ['host', 'reply', 'group', ALLOWED],
  ['host', 'reply', 'posts', ALLOWED],
  ['host', 'reply', 'comments', ALLOWED],
  ['host', 'reply', 'questionQueue', ALLOWED],
  ['host', 'ask', 'group', ALLOWED],
  ['host', 'ask', 'posts', ALLOWED],
  ['host', 'ask', 'comments', ALLOWED],
  ['host', 'ask', 'questionQueue', ALLOWED],
  ['host', 'post', 'group', ALLOWED],
  ['host', 'post', 'posts', ALLOWED],
  ['host', 'post', 'comments', ALLOWED],
  ['host', 'post', 'questionQueue', ALLOWED],
  ['host', 'attach_image', 'group', ALLOWED],
  ['host', 'attach_image', 'posts', ALLOWED],
  ['host', 'attach_image', 'comments', ALLOWED],
  ['host', 'attach_image', 'questionQueue', ALLOWED],
  ['host', 'delete_group', 'group', ALLOWED],
  ['host', 'delete_group', 'posts', ALLOWED],
  ['host', 'delete_group', 'comments', ALLOWED],
  ['host', 'delete_group', 'questionQueue', ALLOWED],
  ['host', 'readLedger', 'group', NO_LEDGER],
  ['host', 'readLedger', 'posts', NO_LEDGER],
  ['host', 'readLedger', 'comments', NO_LEDGER],
  ['host', 'readLedger', 'questionQueue', ALLOWED],
  ['member', 'like', 'group', ALLOWED],
  ['member', 'like', 'posts', ALLOWED],
  ['member', 'like', 'comments', ALLOWED],
  ['member', 'like', 'questionQueue', ALLOWED],
  ['member', 'comment', 'group', ALLOWED],
  ['member', 'comment', 'posts', ALLOWED],
  ['member', 'comment', 'comments', ALLOWED],
  ['member', 'comment', 'questionQueue', ALLOWED],
  ['member', 'reply', 'group', ALLOWED],
  ['member', 'reply', 'posts', ALLOWED],
  ['member', 'reply', 'comments', ALLOWED],
  ['member', 'reply', 'questionQueue', ALLOWED],
  ['member', 'ask', 'group', ALLOWED],
  ['member', 'ask', 'posts', ALLOWED],
  ['member', 'ask', 'comments', ALLOWED],
  ['member', 'ask', 'questionQueue', ALLOWED],
  ['member', 'post', 'group', ALLOWED],
  ['member', 'post', 'posts', ALLOWED],
  ['member', 'post', 'comments', ALLOWED],
  ['member', 'post', 'questionQueue', ALLOWED],
  ['member', 'attach_image', 'group', ALLOWED],
  ['member', 'attach_image', 'posts', ALLOWED],
  ['member', 'attach_image', 'comments', ALLOWED],
  ['member', 'attach_image', 'questionQueue', ALLOWED],
  ['member', 'delete_group', 'group', ALLOWED],
  ['member', 'delete_group', 'posts', ALLOWED],
  ['member', 'delete_group', 'comments', ALLOWED],
  ['member', 'delete_group', 'questionQueue', ALLOWED],
  ['member', 'readLedger', 'group', NO_LEDGER],
  ['member', 'readLedger', 'posts', NO_LEDGER],
  ['member', 'readLedger', 'comments', NO_LEDGER],
  ['member', 'readLedger', 'questionQueue', ALLOWED],
  ['subscriber', 'like', 'group', ALLOWED],
  ['subscriber', 'like', 'posts', ALLOWED],
  ['subscriber', 'like', 'comments', ALLOWED],
  ['subscriber', 'like', 'questionQueue', ALLOWED],
  ['subscriber', 'comment', 'group', ALLOWED],
  ['subscriber', 'comment', 'posts', ALLOWED],
  ['subscriber', 'comment', 'comments', ALLOWED],
  ['subscriber', 'comment', 'questionQueue', ALLOWED],
  ['subscriber', 'reply', 'group', ALLOWED],
  ['subscriber', 'reply', 'posts', ALLOWED],
  ['subscriber', 'reply', 'comments', ALLOWED],
  ['subscriber', 'reply', 'questionQueue', ALLOWED],
  ['subscriber', 'ask', 'group', ALLOWED],
  ['subscriber', 'ask', 'posts', ALLOWED],
  ['subscriber', 'ask', 'comments', ALLOWED],
  ['subscriber', 'ask', 'questionQueue', ALLOWED],
  ['subscriber', 'post', 'group', ALLOWED],
  ['subscriber', 'post', 'posts', ALLOWED],
  ['subscriber', 'post', 'comments', ALLOWED],
  ['subscriber', 'post', 'questionQueue', ALLOWED],
  ['subscriber', 'attach_image', 'group', ALLOWED],
  ['subscriber', 'attach_image', 'posts', ALLOWED],
  ['subscriber', 'attach_image', 'comments', ALLOWED],
  ['subscriber', 'attach_image', 'questionQueue', ALLOWED],
  ['subscriber', 'delete_group', 'group', NEEDS_SUBSCRIPTION],
  ['subscriber', 'delete_group', 'posts', NEEDS_SUBSCRIPTION],
  ['subscriber', 'delete_group', 'comments', NEEDS_SUBSCRIPTION],
  ['subscriber', 'delete_group', 'questionQueue', NEEDS_SUBSCRIPTION],
  ['subscriber', 'readLedger', 'group', NO_LEDGER],
  ['subscriber', 'readLedger', 'posts', NO_LEDGER],
  ['subscriber', 'readLedger', 'comments', NO_LEDGER],
  ['subscriber', 'readLedger', 'questionQueue', ALLOWED],
  ['guest', 'like', 'group', GUEST_DENIED],
  ['guest', 'like', 'posts', GUEST_DENIED],
  ['guest', 'like', 'comments', GUEST_DENIED],
  ['guest', 'like', 'questionQueue', GUEST_DENIED],
  ['guest', 'comment', 'group', GUEST_DENIED],
  ['guest', 'comment', 'posts', GUEST_DENIED],
  ['guest', 'comment', 'comments', GUEST_DENIED],
  ['guest', 'comment', 'questionQueue', GUEST_DENIED],
  ['guest', 'reply', 'group', GUEST_DENIED],
  ['guest', 'reply', 'posts', GUEST_DENIED],
  ['guest', 'reply', 'comments', GUEST_DENIED],
  ['guest', 'reply', 'questionQueue', GUEST_DENIED],
  ['guest', 'ask', 'group', GUEST_DENIED],
  ['guest', 'ask', 'posts', GUEST_DENIED],
  ['guest', 'ask', 'comments', GUEST_DENIED],
  ['guest', 'ask', 'questionQueue', GUEST_DENIED],
  ['guest', 'post', 'group', GUEST_DENIED],
  ['guest', 'post', 'posts', GUEST_DENIED],
  ['guest', 'post', 'comments', GUEST_DENIED],
  ['guest', 'post', 'questionQueue', GUEST_DENIED],
  ['guest', 'attach_image', 'group', GUEST_DENIED],
  ['guest', 'attach_image', 'posts', GUEST_DENIED],
  ['guest', 'attach_image', 'comments', GUEST_DENIED],
  ['guest', 'attach_image', 'questionQueue', GUEST_DENIED],
  ['guest', 'delete_group', 'group', GUEST_DENIED],
  ['guest', 'delete_group', 'posts', GUEST_DENIED],
  ['guest', 'delete_group', 'comments', GUEST_DENIED],
  ['guest', 'delete_group', 'questionQueue', GUEST_DENIED],
  ['guest', 'readLedger', 'group', NO_LEDGER],
  ['guest', 'readLedger', 'posts', NO_LEDGER],
  ['guest', 'readLedger', 'comments', NO_LEDGER],
  ['guest', 'readLedger', 'questionQueue', ALLOWED],
  ['unknown', 'like', 'group', NEEDS_AUTH],
  ['unknown', 'like', 'posts', NEEDS_AUTH],
  ['unknown', 'like', 'comments', NEEDS_AUTH],
  ['unknown', 'like', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'comment', 'group', NEEDS_AUTH],
  ['unknown', 'comment', 'posts', NEEDS_AUTH],
  ['unknown', 'comment', 'comments', NEEDS_AUTH],
  ['unknown', 'comment', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'reply', 'group', NEEDS_AUTH],
  ['unknown', 'reply', 'posts', NEEDS_AUTH],
  ['unknown', 'reply', 'comments', NEEDS_AUTH],
  ['unknown', 'reply', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'ask', 'group', NEEDS_AUTH],
  ['unknown', 'ask', 'posts', NEEDS_AUTH],
  ['unknown', 'ask', 'comments', NEEDS_AUTH],
  ['unknown', 'ask', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'post', 'group', NEEDS_AUTH],
  ['unknown', 'post', 'posts', NEEDS_AUTH],
  ['unknown', 'post', 'comments', NEEDS_AUTH],
  ['unknown', 'post', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'attach_image', 'group', NEEDS_AUTH],
  ['unknown', 'attach_image', 'posts', NEEDS_AUTH],
  ['unknown', 'attach_image', 'comments', NEEDS_AUTH],
  ['unknown', 'attach_image', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'delete_group', 'group', NEEDS_AUTH],
  ['unknown', 'delete_group', 'posts', NEEDS_AUTH],
  ['unknown', 'delete_group', 'comments', NEEDS_AUTH],
  ['unknown', 'delete_group', 'questionQueue', NEEDS_AUTH],
  ['unknown', 'readLedger', 'group', NO_LEDGER],
  ['unknown', 'readLedger', 'posts', NO_LEDGER],
  ['unknown', 'readLedger', 'comments', NO_LEDGER],
  ['unknown', 'readLedger', 'questionQueue', ALLOWED],
];

describe('checkPermission', () => {
  it('covers every role, action and target', () => {
    expect(TABLE).toHaveLength(5 * 8 * 4);
    expect(new Set(TABLE.map(([role]) => role))).toEqual(new Set([...GROUP_ROLES, 'unknown']));
    expect(new Set(TABLE.map(([, action]) => action))).toEqual(
      new Set([...INTERACTION_ACTIONS, ...READ_ACTIONS, 'delete_group']),
    );
    expect(new Set(TABLE.map(([, , target]) => target))).toEqual(new Set(INTERACTION_TARGETS));
  });

  it.each(TABLE)('%s may %s on %s as the spec says', (role, action, target, expected) => {
    expect(checkPermission(role, action, target)).toStrictEqual(expected);
  });

  it('treats a role it does not know as signed out', () => {
    expect(checkPermission('admin' as GroupRole, 'like', 'group')).toStrictEqual(NEEDS_AUTH);
    expect(checkPermission('' as GroupRole, 'post', 'posts')).toStrictEqual(NEEDS_AUTH);
  });

  it('does not let an action name that only looks like one through', () => {
    expect(checkPermission('subscriber', 'Like', 'group')).toStrictEqual(NEEDS_SUBSCRIPTION);
    expect(checkPermission('subscriber', '', 'group')).toStrictEqual(NEEDS_SUBSCRIPTION);
    expect(checkPermission('host', 'Comment', 'questionQueue')).toStrictEqual(ALLOWED);
  });
});

describe('deriveGroupRole', () => {
  const owner = 'owner-1';
  it.each([
    [{ userId: owner, ownerId: owner, isMember: false, isSubscriber: false }, 'host'],
    [{ userId: owner, ownerId: owner, isMember: true, isSubscriber: true }, 'host'],
    [{ userId: 'u2', ownerId: owner, isMember: true, isSubscriber: false }, 'member'],
    [{ userId: 'u2', ownerId: owner, isMember: true, isSubscriber: true }, 'member'],
    [{ userId: 'u2', ownerId: owner, isMember: false, isSubscriber: true }, 'subscriber'],
    [{ userId: 'u2', ownerId: owner, isMember: false, isSubscriber: false }, 'guest'],
    [{ userId: null, ownerId: owner, isMember: false, isSubscriber: false }, 'unknown'],
    [{ userId: undefined, ownerId: owner, isMember: true, isSubscriber: true }, 'unknown'],
    [{ userId: '', ownerId: '', isMember: false, isSubscriber: false }, 'unknown'],
  ] as const)('%o is %s', (input, role) => {
    expect(deriveGroupRole(input)).toBe(role);
  });
});

describe('canSubscribe', () => {
  it.each([
    ['host', false],
    ['member', false],
    ['subscriber', false],
    ['guest', true],
    ['unknown', false],
  ] as const)('%s: %s', (role, expected) => {
    expect(canSubscribe(role)).toBe(expected);
  });
});

describe('canEditContent and canDeleteContent', () => {
  const item = { authorId: 'author-1', hostId: 'host-1' };
  // viewer, may edit, may delete
  it.each([
    ['author-1', true, true],
    ['host-1', false, true],
    ['someone-else', false, false],
    [null, false, false],
    ['', false, false],
  ] as const)('viewer %s: edit %s, delete %s', (viewerId, mayEdit, mayDelete) => {
    expect(canEditContent(viewerId, item)).toBe(mayEdit);
    expect(canDeleteContent(viewerId, item)).toBe(mayDelete);
  });

  it('lets a host who wrote the item both edit and delete it', () => {
    const own = { authorId: 'host-1', hostId: 'host-1' };
    expect(canEditContent('host-1', own)).toBe(true);
    expect(canDeleteContent('host-1', own)).toBe(true);
  });
});

describe('the live Q&A rules', () => {
  const open = { authorId: 'author-1', hostId: 'host-1', isOpen: true };
  const closed = { ...open, isOpen: false };
  // viewer, may merge an open question, may merge a closed one
  it.each([
    ['host-1', true, false],
    ['author-1', true, false],
    ['voter-1', false, false],
    [null, false, false],
    ['', false, false],
  ] as const)('canMergeQuestion, viewer %s: open %s, closed %s', (viewerId, mayOpen, mayClosed) => {
    expect(canMergeQuestion(viewerId, open)).toBe(mayOpen);
    expect(canMergeQuestion(viewerId, closed)).toBe(mayClosed);
  });

  // viewer, may edit an unanswered question, an answered one, a merged one
  it.each([
    ['host-1', true, false, false],
    ['author-1', true, false, false],
    ['voter-1', false, false, false],
    [null, false, false, false],
    ['', false, false, false],
  ] as const)(
    'canEditQuestion, viewer %s: waiting %s, answered %s, merged %s',
    (viewerId, mayWaiting, mayAnswered, mayMerged) => {
      const waiting = { authorId: 'author-1', hostId: 'host-1', isAnswered: false, isMerged: false };
      expect(canEditQuestion(viewerId, waiting)).toBe(mayWaiting);
      expect(canEditQuestion(viewerId, { ...waiting, isAnswered: true })).toBe(mayAnswered);
      expect(canEditQuestion(viewerId, { ...waiting, isMerged: true })).toBe(mayMerged);
    },
  );

  // role, the cap that applies when the group caps at 3, when it has no cap
  it.each([
    ['host', null, null],
    ['member', 3, null],
    ['subscriber', 3, null],
    ['guest', 3, null],
  ] as const)('openQuestionCapFor, role %s: %s, uncapped %s', (role, capped, uncapped) => {
    expect(openQuestionCapFor(role, { openQuestionCap: 3 })).toBe(capped);
    expect(openQuestionCapFor(role, { openQuestionCap: null })).toBe(uncapped);
  });

  // viewer, merged by, may undo
  it.each([
    ['host-1', 'author-1', true],
    ['host-1', null, true],
    ['author-1', 'author-1', true],
    ['author-1', 'host-1', false],
    ['voter-1', 'author-1', false],
    [null, null, false],
    ['', '', false],
  ] as const)('canUndoMerge, viewer %s, merged by %s: %s', (viewerId, mergedById, allowed) => {
    expect(canUndoMerge(viewerId, { hostId: 'host-1', mergedById })).toBe(allowed);
  });

  it.each([
    ['host-1', true],
    ['author-1', false],
    [null, false],
    ['', false],
  ] as const)('canCarryQuestions, viewer %s: %s', (viewerId, allowed) => {
    expect(canCarryQuestions(viewerId, { hostId: 'host-1' })).toBe(allowed);
  });

  // role, allowed when the group allows anonymous questions, allowed when it does not
  it.each([
    ['host', true, false],
    ['member', true, false],
    ['subscriber', true, false],
    ['guest', false, false],
    ['unknown', false, false],
  ] as const)('canAskAnonymously, %s: group allows %s, group does not %s', (role, allows, doesNot) => {
    expect(canAskAnonymously(role, { anonymousQuestions: true })).toBe(allows);
    expect(canAskAnonymously(role, { anonymousQuestions: false })).toBe(doesNot);
  });

  it.each([
    [{ isAdmin: true }, true],
    [{ isAdmin: false }, false],
    [null, false],
  ] as const)('canRevealAnonymousAuthor %j: %s', (viewer, allowed) => {
    expect(canRevealAnonymousAuthor(viewer)).toBe(allowed);
  });

  // viewer, may read the group's analytics
  it.each([
    [{ id: 'host-1', isAdmin: false }, true],
    [{ id: 'admin-1', isAdmin: true }, true],
    [{ id: 'voter-1', isAdmin: false }, false],
    [{ id: '', isAdmin: false }, false],
    [null, false],
  ] as const)('canReadHostAnalytics %j: %s', (viewer, allowed) => {
    expect(canReadHostAnalytics(viewer, { hostId: 'host-1' })).toBe(allowed);
  });
});
