import type { ActivityItem, Creator, DashboardResponse, FeedItem } from '#shared/schemas/discovery.ts';
import type { SubscriptionItem } from '#shared/schemas/groups.ts';

/** A post of the fixture group 'compilers' by Grace, as the feed lists it. */
export function buildFeedPost(index: number, overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    kind: 'post',
    id: `post-${String(index)}`,
    createdAt: '2025-03-02T10:00:00.000Z',
    group: { id: 'group-1', slug: 'compilers', name: 'Compilers', groupImage: '' },
    author: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
    body: `Post number ${String(index)}`,
    images: [],
    question: null,
    ...overrides,
  };
}

/** Grace's answer to a question in 'compilers'. */
export function buildFeedAnswer(overrides: Partial<FeedItem> = {}): FeedItem {
  return buildFeedPost(0, {
    kind: 'answer',
    id: 'answer-1',
    body: 'Use a recursive descent parser.',
    question: { id: 'question-1', body: 'How do I parse expressions?' },
    ...overrides,
  });
}

/** A creator row. */
export function buildCreator(index: number, overrides: Partial<Creator> = {}): Creator {
  return {
    id: `creator-${String(index)}`,
    username: `creator_${String(index)}`,
    name: `Creator ${String(index)}`,
    quote: '',
    profileImageURL: '',
    followers: 100 - index,
    groupCount: 1,
    isFollowing: false,
    ...overrides,
  };
}

/** A subscription to 'compilers' with new activity. */
export function buildSubscriptionItem(overrides: Partial<SubscriptionItem> = {}): SubscriptionItem {
  return {
    groupId: 'group-1',
    groupSlug: 'compilers',
    groupName: 'Compilers',
    groupImage: '',
    creatorName: 'Grace Hopper',
    creatorProfileImage: '',
    username: 'grace',
    subscribedAt: '2025-03-01T00:00:00.000Z',
    lastViewedAt: null,
    lastActivityAt: '2025-03-02T00:00:00.000Z',
    hasNewActivity: true,
    newQuestionsCount: 3,
    newAnswersCount: 1,
    ...overrides,
  };
}

/** Something Grace did in Ada's group 'parsers'. */
export function buildActivity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    kind: 'question',
    id: 'question-9',
    createdAt: '2025-03-02T10:00:00.000Z',
    group: { id: 'group-9', slug: 'parsers', name: 'Parsers', groupImage: '' },
    actor: { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' },
    text: 'What about error recovery?',
    target: { type: 'question', id: 'question-9' },
    ...overrides,
  };
}

/** Ada's dashboard: one live Q&A group with questions waiting. */
export function buildDashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    groups: [
      {
        id: 'group-9',
        slug: 'parsers',
        name: 'Parsers',
        groupImage: '',
        ama: true,
        subscriberCount: 12,
        memberCount: 2,
        unansweredCount: 4,
        pendingCount: 2,
      },
    ],
    totals: { subscribers: 12, unanswered: 4, pending: 2 },
    upcomingSessions: [],
    activity: [buildActivity()],
    ...overrides,
  };
}
