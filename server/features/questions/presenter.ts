import { ANONYMOUS_AUTHOR, type Answer, type Question } from '#shared/schemas/questions.ts';
import type { QuestionStatus } from '../../db/schema/index.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';
import { canDeleteContent, canEditContent } from '#shared/lib/permissions.ts';

/** A question row as `selectQuestions` reads it: author, answer and the viewer's likes joined. */
export interface QuestionRow {
  id: string;
  groupId: string;
  sessionId: string | null;
  authorId: string;
  authorUsername: string;
  authorName: string;
  authorImage: string;
  body: string;
  status: QuestionStatus;
  isHidden: boolean;
  pinnedAt: Date | null;
  answeredAt: Date | null;
  isAnonymous: boolean;
  mergedIntoId: string | null;
  mergedIntoBody: string | null;
  carriedFromSessionId: string | null;
  carriedFromTitle: string | null;
  answerLaterAt: Date | null;
  likeCount: number;
  commentCount: number;
  isLiked: boolean;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  hostEditedAt: Date | null;
  ownerId: string;
  answerId: string | null;
  answerAuthorId: string | null;
  answerAuthorUsername: string | null;
  answerAuthorName: string | null;
  answerAuthorImage: string | null;
  answerBody: string | null;
  answerLikeCount: number | null;
  answerIsLiked: boolean | null;
  answerCreatedAt: Date | null;
  answerUpdatedAt: Date | null;
  answerEditedAt: Date | null;
}

function presentAnswer(row: QuestionRow): Answer | null {
  if (row.answerId === null || row.answerCreatedAt === null || row.answerUpdatedAt === null) return null;
  return {
    id: row.answerId,
    questionId: row.id,
    author: {
      id: row.answerAuthorId ?? '',
      username: row.answerAuthorUsername ?? '',
      name: row.answerAuthorName ?? '',
      profileImageURL: row.answerAuthorImage ?? '',
    },
    body: row.answerBody ?? '',
    likeCount: row.answerLikeCount ?? 0,
    isLiked: row.answerIsLiked ?? false,
    createdAt: isoTime(row.answerCreatedAt),
    updatedAt: isoTime(row.answerUpdatedAt),
    editedAt: isoTimeOrNull(row.answerEditedAt),
  };
}

/**
 * A question as the queue shows it to `viewerId` (null: signed out), with what they may do with
 * it. An anonymous question's author is `ANONYMOUS_AUTHOR` for every reader, its asker and the
 * host included: nothing of the row's author leaves here but the asker's own permissions.
 */
export function presentQuestion(row: QuestionRow, viewerId: string | null): Question {
  const owned = { authorId: row.authorId, hostId: row.ownerId };
  return {
    id: row.id,
    groupId: row.groupId,
    sessionId: row.sessionId,
    author: row.isAnonymous
      ? { ...ANONYMOUS_AUTHOR }
      : { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
    isAnonymous: row.isAnonymous,
    body: row.body,
    status: row.status,
    isHidden: row.isHidden,
    isPinned: row.pinnedAt !== null,
    pinnedAt: isoTimeOrNull(row.pinnedAt),
    likeCount: row.likeCount,
    isLiked: row.isLiked,
    commentCount: row.commentCount,
    answer: presentAnswer(row),
    answeredAt: isoTimeOrNull(row.answeredAt),
    mergedInto: row.mergedIntoId === null ? null : { id: row.mergedIntoId, body: row.mergedIntoBody ?? '' },
    carriedFrom:
      row.carriedFromSessionId === null
        ? null
        : { sessionId: row.carriedFromSessionId, title: row.carriedFromTitle ?? '' },
    answerLaterAt: isoTimeOrNull(row.answerLaterAt),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    editedAt: isoTimeOrNull(row.editedAt),
    editedByHost: row.hostEditedAt !== null,
    permissions: {
      canEdit: canEditContent(viewerId, owned) && row.status !== 'answered',
      canDelete: canDeleteContent(viewerId, owned),
    },
  };
}
