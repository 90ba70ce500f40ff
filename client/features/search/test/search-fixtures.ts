import type { GroupResult, PersonResult, PostResult, QuestionResult, Suggestion } from '#shared/schemas/search.ts';

/** A person as search finds them. */
export function buildPersonResult(index: number, overrides: Partial<PersonResult> = {}): PersonResult {
  return {
    id: `person-${String(index)}`,
    username: `grace_${String(index)}`,
    name: `Grace ${String(index)}`,
    profileImageURL: '',
    quote: '',
    followers: index,
    ...overrides,
  };
}

const host = { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' };

/** A group as search finds it. */
export function buildGroupResult(overrides: Partial<GroupResult> = {}): GroupResult {
  return {
    id: 'group-1',
    slug: 'compilers',
    name: 'Compilers',
    description: 'Parsers, grammars and code generation',
    groupImage: '',
    ama: true,
    subscriberCount: 12,
    host,
    ...overrides,
  };
}

/** A question as search finds it. */
export function buildQuestionResult(overrides: Partial<QuestionResult> = {}): QuestionResult {
  return {
    id: 'question-1',
    body: 'How did the first compiler come about?',
    groupSlug: 'compilers',
    groupName: 'Compilers',
    likeCount: 3,
    isAnswered: true,
    createdAt: '2025-03-01T10:00:00.000Z',
    author: host,
    href: '/group/compilers/question/question-1',
    ...overrides,
  };
}

/** A post as search finds it. */
export function buildPostResult(overrides: Partial<PostResult> = {}): PostResult {
  return {
    id: 'post-1',
    excerpt: 'Notes on grammars for the meetup',
    groupSlug: 'compilers',
    groupName: 'Compilers',
    likeCount: 1,
    createdAt: '2025-03-02T10:00:00.000Z',
    author: host,
    href: '/group/compilers/post/post-1',
    ...overrides,
  };
}

/** A suggestion of the top bar's search field. */
export function buildSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    type: 'user',
    id: 'user-2',
    label: 'Grace Hopper',
    description: '@grace',
    href: '/grace',
    imageUrl: null,
    ...overrides,
  };
}
