import type { GroupAccess, GroupPageResponse, GroupSummary } from '#shared/schemas/groups.ts';
import type { GroupRole } from '#shared/lib/permissions.ts';

export { apiError, json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';

/** Grace's group (Ada, the signed-in person of the fixtures, is not its host). */
export function buildGroup(overrides: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: 'group-1',
    slug: 'compilers',
    name: 'Compilers',
    description: 'Parsing, code generation and the odd bug.',
    groupImage: '',
    ama: true,
    questionsNeedApproval: false,
    anonymousQuestions: false,
    openQuestionCap: null,
    freshOrder: false,
    ownerId: 'user-2',
    host: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
    subscriberCount: 10,
    memberCount: 2,
    likeCount: 5,
    lastActivityAt: null,
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The viewer's access as the server derives it for `role`. */
export function buildAccess(role: GroupRole, overrides: Partial<GroupAccess> = {}): GroupAccess {
  return {
    groupId: 'group-1',
    role,
    canSubscribe: role === 'guest',
    isSubscribed: role === 'subscriber',
    isMember: role === 'member',
    isLiked: false,
    ...overrides,
  };
}

/** The answer of GET /api/group-slugs/:slug. */
export function buildGroupPage(
  role: GroupRole = 'guest',
  group: Partial<GroupSummary> = {},
  access: Partial<GroupAccess> = {},
): GroupPageResponse {
  return { group: buildGroup(group), access: buildAccess(role, access) };
}

/** A member row. */
export function buildMember(index: number) {
  return {
    id: `member-${String(index)}`,
    username: `member_${String(index)}`,
    name: `Member ${String(index)}`,
    profileImageURL: '',
    addedAt: '2025-03-02T00:00:00.000Z',
  };
}

/** A subscriber record. */
export function buildSubscriber(index: number) {
  return {
    id: `sub-${String(index)}`,
    name: `Subscriber ${String(index)}`,
    username: `subscriber_${String(index)}`,
    image: '',
    groupId: 'group-1',
    createdAt: '2025-03-02T00:00:00.000Z',
    updatedAt: '2025-03-02T00:00:00.000Z',
  };
}
