import type { Comment } from '#shared/schemas/comments.ts';
import type { Post } from '#shared/schemas/posts.ts';
import type { Question } from '#shared/schemas/questions.ts';

const ADA = { id: 'user-1', username: 'ada', name: 'Ada Lovelace', profileImageURL: '' };
const GRACE = { id: 'user-2', username: 'grace', name: 'Grace Hopper', profileImageURL: '' };
const AT = '2025-03-02T00:00:00.000Z';

/** The people of the fixtures: Ada (signed in) and Grace (the host of group-1). */
export const PEOPLE = { ada: ADA, grace: GRACE };

/** A post in group-1, by Grace unless told otherwise. */
export function buildPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'post-1',
    groupId: 'group-1',
    author: GRACE,
    body: 'Hello **world**',
    images: [],
    likeCount: 0,
    commentCount: 0,
    isLiked: false,
    likedBy: { people: [], total: 0 },
    createdAt: AT,
    updatedAt: AT,
    editedAt: null,
    permissions: { canEdit: false, canDelete: false },
    ...overrides,
  };
}

/** A comment on post-1. */
export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'comment-1',
    groupId: 'group-1',
    parentType: 'post',
    parentId: 'post-1',
    replyToId: null,
    author: GRACE,
    body: 'First!',
    likeCount: 0,
    isLiked: false,
    createdAt: AT,
    updatedAt: AT,
    editedAt: null,
    permissions: { canEdit: false, canDelete: false },
    ...overrides,
  };
}

/** An open question in group-1, by Ada. */
export function buildQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 'question-1',
    groupId: 'group-1',
    sessionId: null,
    author: ADA,
    isAnonymous: false,
    body: 'How do compilers work?',
    status: 'open',
    isHidden: false,
    isPinned: false,
    pinnedAt: null,
    likeCount: 2,
    isLiked: false,
    commentCount: 0,
    answer: null,
    answeredAt: null,
    mergedInto: null,
    carriedFrom: null,
    answerLaterAt: null,
    createdAt: AT,
    updatedAt: AT,
    editedAt: null,
    editedByHost: false,
    permissions: { canEdit: true, canDelete: true },
    ...overrides,
  };
}
