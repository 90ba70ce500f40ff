import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import type { Question } from '#shared/schemas/questions.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { amaSessions, answers, groups, questions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer, ViewerParam } from '../../lib/viewer.ts';
import { presentQuestion } from './presenter.ts';
import { cursorTime } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';

const answerAuthors = alias(users, 'answer_authors');
/** The question a merged one went into, and the session a carried one came from. */
const survivors = alias(questions, 'survivors');
const carriedFrom = alias(amaSessions, 'carried_from');

/**
 * Questions matching `where`, each in one row with its author, the group's owner, its answer
 * (and that answer's author) and whether the viewer likes the question and the answer: one
 * query for a whole page. Callers add order and limit.
 */
export function selectQuestions(db: Queryable, viewerId: ViewerParam, where: SQL | undefined) {
  return selectQuestionsWith(db, viewerId, where, {});
}

/** `selectQuestions` with more columns (for a union of pages). */
export function selectQuestionsWith<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  viewerId: ViewerParam,
  where: SQL | undefined,
  extra: Extra,
) {
  return db
    .select({
      ...extra,
      id: questions.id,
      groupId: questions.groupId,
      sessionId: questions.sessionId,
      authorId: questions.authorId,
      // copied from users by triggers (migration 0025, decision 033): no lookup per question
      authorUsername: questions.authorUsername,
      authorName: questions.authorName,
      authorImage: questions.authorImage,
      body: questions.body,
      status: questions.status,
      isHidden: questions.isHidden,
      pinnedAt: questions.pinnedAt,
      answeredAt: questions.answeredAt,
      isAnonymous: questions.isAnonymous,
      mergedIntoId: questions.mergedIntoId,
      mergedIntoBody: survivors.body,
      carriedFromSessionId: questions.carriedFromSessionId,
      carriedFromTitle: carriedFrom.title,
      answerLaterAt: questions.answerLaterAt,
      likeCount: questions.likeCount,
      commentCount: questions.commentCount,
      isLiked: viewerLikes(viewerId, 'question', questions.id),
      createdAt: questions.createdAt,
      updatedAt: questions.updatedAt,
      editedAt: questions.editedAt,
      hostEditedAt: questions.hostEditedAt,
      cursorTime: cursorTime(questions.createdAt),
      ownerId: groups.ownerId,
      answerId: answers.id,
      answerAuthorId: answers.authorId,
      answerAuthorUsername: answerAuthors.username,
      answerAuthorName: answerAuthors.name,
      answerAuthorImage: answerAuthors.profileImageUrl,
      answerBody: answers.body,
      answerLikeCount: answers.likeCount,
      answerIsLiked: sql<
        boolean | null
      >`case when ${answers.id} is null then null else ${viewerLikes(viewerId, 'answer', answers.id)} end`,
      answerCreatedAt: answers.createdAt,
      answerUpdatedAt: answers.updatedAt,
      answerEditedAt: answers.editedAt,
    })
    .from(questions)
    .innerJoin(groups, eq(groups.id, questions.groupId))
    .leftJoin(answers, eq(answers.questionId, questions.id))
    .leftJoin(answerAuthors, eq(answerAuthors.id, answers.authorId))
    .leftJoin(survivors, eq(survivors.id, questions.mergedIntoId))
    .leftJoin(carriedFrom, eq(carriedFrom.id, questions.carriedFromSessionId))
    .where(where)
    .$dynamic();
}

/**
 * Who may see a question: everyone when it is open or answered and not hidden; its author
 * always; the group's host always (pending and hidden ones included).
 */
export function visibleTo(viewerId: ViewerParam): SQL {
  const visible = sql`(${questions.status} <> 'pending' and not ${questions.isHidden})`;
  if (viewerId === null) return visible;
  return sql`(${visible} or ${questions.authorId} = ${viewerId} or ${groups.ownerId} = ${viewerId})`;
}

/** One question as `viewer` may see it, presented; 404 when there is none or they may not see it. */
export async function loadQuestion(db: Queryable, viewer: Viewer | null, questionId: string): Promise<Question> {
  const viewerId = viewer?.id ?? null;
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  const [row] = await selectQuestions(db, viewerId, and(eq(questions.id, questionId), visibleTo(viewerId))).limit(1);
  if (!row) throw notFound(CONTENT_MESSAGES.questionNotFound);
  return presentQuestion(row, viewerId);
}

/** `loadQuestion` for a question's own page: the same, in one prepared statement on the pool. */
export async function readQuestion(db: Database, viewer: Viewer | null, questionId: string): Promise<Question> {
  const viewerId = viewer?.id ?? null;
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  const signedIn = viewerId !== null;
  const query = preparedQuery(db, `questions_one_${signedIn ? 'viewer' : 'visitor'}`, (name) => {
    const viewerParam = signedIn ? sql.placeholder('viewerId') : null;
    return selectQuestions(
      db,
      viewerParam,
      and(eq(questions.id, sql.placeholder('questionId')), visibleTo(viewerParam)),
    )
      .limit(1)
      .prepare(name);
  });
  const [row] = await query.execute({ questionId, viewerId });
  if (!row) throw notFound(CONTENT_MESSAGES.questionNotFound);
  return presentQuestion(row, viewerId);
}
