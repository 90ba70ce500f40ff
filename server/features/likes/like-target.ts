import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import type { InteractionTarget } from '#shared/lib/permissions.ts';
import type { LIKE_TARGETS } from '#shared/schemas/likes.ts';
import type { Queryable } from '../../db/client.ts';
import { answers, comments, groups, posts, questions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** What PUT/DELETE /api/likes/:targetType/:targetId act on. */
export type ContentLikeTarget = (typeof LIKE_TARGETS)[number];

/** A likeable item resolved: its group, the rule's target, who may see it and its like count when it was read. */
export interface LikeTarget {
  type: ContentLikeTarget;
  id: string;
  groupId: string;
  /** The group's host. */
  ownerId: string;
  /**
   * The item's author; for an answer and for comments under a question, the question's author
   * (who sees them, with the host, while the question is hidden or pending).
   */
  authorId: string;
  /** 'posts' for a post and its comments, 'questionQueue' for a question, its answer and its comments. */
  target: InteractionTarget;
  /** Items of a question, or under one: the question is hidden by the host, or waits for approval. */
  isHidden: boolean;
  isPending: boolean;
  /** A question merged into another: its votes went there, and it takes none (nor loses any) while merged. */
  isMerged: boolean;
  likeCount: number;
}

const questionColumns = {
  ownerId: groups.ownerId,
  isHidden: questions.isHidden,
  isPending: sql<boolean>`${questions.status} = 'pending'`,
  questionAuthorId: questions.authorId,
};

/**
 * The post, comment, question or answer `targetId` names; 404 'Nothing to like here' when
 * there is none. The row is locked FOR KEY SHARE: likes of one item go on side by side (their
 * counter update serializes them), while deleting the item waits for them and then removes
 * their rows, so no like outlives its item.
 */
export async function loadLikeTarget(db: Queryable, type: ContentLikeTarget, targetId: string): Promise<LikeTarget> {
  return resolveLikeTarget(db, type, targetId, true);
}

/**
 * The same item as `loadLikeTarget` resolves, read without a lock: for reads (the likers list),
 * which must write nothing. A row lock (even FOR KEY SHARE) assigns a transaction id and marks
 * the row, so an anonymous read would write to the database.
 */
export async function readLikeTarget(db: Queryable, type: ContentLikeTarget, targetId: string): Promise<LikeTarget> {
  return resolveLikeTarget(db, type, targetId, false);
}

async function resolveLikeTarget(
  db: Queryable,
  type: ContentLikeTarget,
  targetId: string,
  lock: boolean,
): Promise<LikeTarget> {
  const missing = () => notFound(CONTENT_MESSAGES.likeNotFound);
  if (!isUuid(targetId)) throw missing();
  const id = targetId;
  switch (type) {
    case 'post': {
      const query = db
        .select({
          id: posts.id,
          groupId: posts.groupId,
          authorId: posts.authorId,
          ownerId: groups.ownerId,
          likeCount: posts.likeCount,
        })
        .from(posts)
        .innerJoin(groups, eq(groups.id, posts.groupId))
        .where(eq(posts.id, id))
        .$dynamic();
      const [row] = await (lock ? query.for('key share', { of: posts }) : query);
      if (!row) throw missing();
      return { ...row, type, target: 'posts', isHidden: false, isPending: false, isMerged: false };
    }
    case 'question': {
      const query = db
        .select({
          id: questions.id,
          groupId: questions.groupId,
          authorId: questions.authorId,
          likeCount: questions.likeCount,
          isMerged: sql<boolean>`${questions.mergedIntoId} is not null`,
          ...questionColumns,
        })
        .from(questions)
        .innerJoin(groups, eq(groups.id, questions.groupId))
        .where(eq(questions.id, id))
        .$dynamic();
      const [row] = await (lock ? query.for('key share', { of: questions }) : query);
      if (!row) throw missing();
      return { ...row, type, target: 'questionQueue' };
    }
    case 'answer': {
      const query = db
        .select({
          id: answers.id,
          groupId: answers.groupId,
          authorId: answers.authorId,
          likeCount: answers.likeCount,
          ...questionColumns,
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(groups, eq(groups.id, answers.groupId))
        .where(eq(answers.id, id))
        .$dynamic();
      const [row] = await (lock ? query.for('key share', { of: answers }) : query);
      if (!row) throw missing();
      // an answer is seen wherever its question is: by the question's author too
      return { ...row, authorId: row.questionAuthorId, type, target: 'questionQueue', isMerged: false };
    }
    case 'comment': {
      const query = db
        .select({
          id: comments.id,
          groupId: comments.groupId,
          authorId: comments.authorId,
          parentType: comments.parentType,
          parentId: comments.parentId,
          ownerId: groups.ownerId,
          likeCount: comments.likeCount,
        })
        .from(comments)
        .innerJoin(groups, eq(groups.id, comments.groupId))
        .where(eq(comments.id, id))
        .$dynamic();
      const [row] = await (lock ? query.for('key share', { of: comments }) : query);
      if (!row) throw missing();
      const base = {
        id: row.id,
        groupId: row.groupId,
        authorId: row.authorId,
        ownerId: row.ownerId,
        likeCount: row.likeCount,
        type,
      };
      if (row.parentType === 'post') {
        return { ...base, target: 'posts', isHidden: false, isPending: false, isMerged: false };
      }
      const [question] = await db
        .select({ isHidden: questions.isHidden, isPending: questionColumns.isPending, authorId: questions.authorId })
        .from(questions)
        .where(eq(questions.id, row.parentId));
      if (!question) throw missing();
      // under a hidden question, the question's author still sees the comments
      return {
        ...base,
        authorId: question.authorId,
        target: 'questionQueue',
        isHidden: question.isHidden,
        isPending: question.isPending,
        isMerged: false,
      };
    }
  }
}

/** Moves the item's likeCount by `delta`; returns the new count. */
export async function moveLikeCount(db: Queryable, target: LikeTarget, delta: number): Promise<number> {
  const table = { post: posts, question: questions, answer: answers, comment: comments }[target.type];
  const [row] = await db
    .update(table)
    .set({ likeCount: sql`${table.likeCount} + ${delta}` })
    .where(eq(table.id, target.id))
    .returning({ likeCount: table.likeCount });
  return row?.likeCount ?? 0;
}

/** The item's likeCount as committed now. */
export async function readLikeCount(db: Queryable, target: LikeTarget): Promise<number> {
  const table = { post: posts, question: questions, answer: answers, comment: comments }[target.type];
  const [row] = await db.select({ likeCount: table.likeCount }).from(table).where(eq(table.id, target.id));
  return row?.likeCount ?? 0;
}
