import { desc, eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import { ADMIN_MESSAGES, type AdminContentItem, type AdminContentType } from '#shared/schemas/admin-console.ts';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { answers, comments, groups, posts, questions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { loadCommentParent, moveCommentCount, deleteCommentsOf, deleteCommentTree } from '../comments/public.ts';
import { deleteLikesOf } from '../likes/public.ts';
import { lockQuestion, removeQuestion } from '../questions/public.ts';
import { excerpt, recordAudit } from './audit.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';
import type { Admin } from './require-admin.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

export const CONTENT_PAGE_SIZE = 20;
const BODY_LENGTH = 500;

const TABLES = { post: posts, question: questions, comment: comments, answer: answers } as const;

/**
 * One type of content, newest first, with its author and group; an anonymous question's author is
 * `ANONYMOUS_AUTHOR` (id '') here too: an administrator sees who asked only by the audited look.
 */
export async function listContent(options: { db: Queryable; type: AdminContentType; cursor?: string | undefined }) {
  const { db, type } = options;
  const table = TABLES[type];
  const parentType =
    type === 'comment' ? comments.parentType : type === 'answer' ? sql<'question'>`'question'` : sql<null>`null`;
  const parentId = type === 'comment' ? comments.parentId : type === 'answer' ? answers.questionId : sql<null>`null`;
  const rows = await db
    .select({
      id: table.id,
      body: sql<string>`left(${table.body}, ${BODY_LENGTH})`,
      likeCount: table.likeCount,
      createdAt: table.createdAt,
      cursorAt: cursorTime(table.createdAt),
      authorId: users.id,
      authorUsername: users.username,
      authorName: users.name,
      isAnonymous: type === 'question' ? questions.isAnonymous : sql<boolean>`false`,
      groupId: groups.id,
      groupSlug: groups.slug,
      groupName: groups.name,
      parentType: sql<'post' | 'question' | null>`${parentType}`,
      parentId: sql<string | null>`${parentId}`,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.authorId))
    .innerJoin(groups, eq(groups.id, table.groupId))
    .where(options.cursor ? olderThan(table.createdAt, table.id, options.cursor, 'uuid') : undefined)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(CONTENT_PAGE_SIZE + 1);
  const { page, nextCursor } = newestFirstPage(rows, CONTENT_PAGE_SIZE);
  return {
    items: page.map((row): AdminContentItem => ({
      type,
      id: row.id,
      body: row.body,
      // an anonymous question's asker only through the audited look (anonymous-asker.ts)
      author: row.isAnonymous
        ? { id: ANONYMOUS_AUTHOR.id, username: ANONYMOUS_AUTHOR.username, name: ANONYMOUS_AUTHOR.name }
        : { id: row.authorId, username: row.authorUsername, name: row.authorName },
      group: { id: row.groupId, slug: row.groupSlug, name: row.groupName },
      parent: row.parentType && row.parentId ? { type: row.parentType, id: row.parentId } : null,
      likeCount: row.likeCount,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

interface Removed {
  groupId: string;
  authorId: string;
  body: string;
  /** An anonymous question: its audit row names no asker. */
  isAnonymous?: boolean;
}

/**
 * Removes a post, question, comment or answer as an administrator, with the side effects of
 * its owner's delete (posts/delete-post.ts, delete-comment.ts, questions/delete-question.ts:
 * the same locks, child rows, counters and live events) and the audit row, in one transaction.
 * An answer has no owner's delete: removing it opens its question again.
 */
export async function removeContent(options: {
  transaction: RunInTransaction;
  admin: Admin;
  type: AdminContentType;
  id: string;
}): Promise<void> {
  const { type, id, admin } = options;
  if (!isUuid(id)) throw notFound(ADMIN_MESSAGES.contentNotFound);
  await options.transaction(async (tx, { emit }) => {
    const removed = await REMOVERS[type](tx, emit, id);
    const [where] = await tx
      .select({ groupName: groups.name, username: users.username })
      .from(groups)
      .innerJoin(users, eq(users.id, removed.authorId))
      .where(eq(groups.id, removed.groupId));
    // the audit log is read by every administrator: an anonymous asker stays unnamed in it
    const by = removed.isAnonymous === true ? 'an anonymous asker' : `@${where?.username ?? 'unknown'}`;
    await recordAudit(tx, admin, {
      action: `${type}.remove`,
      targetType: type,
      targetId: id,
      summary: `Removed ${type === 'answer' ? 'an' : 'a'} ${type} by ${by} in "${where?.groupName ?? 'a group'}": "${excerpt(removed.body)}"`,
      details:
        removed.isAnonymous === true
          ? { groupId: removed.groupId }
          : { groupId: removed.groupId, authorId: removed.authorId },
    });
  });
}

type Remover = (tx: Transaction, emit: TransactionContext['emit'], id: string) => Promise<Removed>;

const missing = () => notFound(ADMIN_MESSAGES.contentNotFound);

const REMOVERS: Record<AdminContentType, Remover> = {
  async post(tx, emit, postId) {
    const [post] = await tx
      .select({ groupId: posts.groupId, authorId: posts.authorId, body: posts.body })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (!post) throw missing();
    await deleteCommentsOf(tx, 'post', [postId]);
    await deleteLikesOf(tx, 'post', [postId]);
    await tx.delete(posts).where(eq(posts.id, postId));
    emit({ topic: groupTopic(post.groupId), event: CONTENT_LIVE_EVENTS.postDeleted, ids: { postId } });
    return post;
  },

  async comment(tx, emit, commentId) {
    const [found] = await tx
      .select({ parentType: comments.parentType, parentId: comments.parentId })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!found) throw missing();
    const parent = await loadCommentParent({ db: tx, ...found, lock: true });
    const [current] = await tx
      .select({ groupId: comments.groupId, authorId: comments.authorId, body: comments.body })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!current) throw missing();
    const count = await deleteCommentTree(tx, commentId);
    const commentCount = await moveCommentCount(tx, parent, -count);
    emit({
      topic: groupTopic(parent.groupId),
      event: CONTENT_LIVE_EVENTS.commentDeleted,
      ids: { commentId, parentId: parent.id },
      data: { parentType: parent.type, commentCount },
    });
    return current;
  },

  async question(tx, emit, questionId) {
    const locked = await lockQuestionOrMissing(tx, questionId);
    // the author's or host's delete, without their check
    await removeQuestion(tx, emit, locked, 'admin');
    return locked.question;
  },

  async answer(tx, emit, answerId) {
    const [found] = await tx.select({ questionId: answers.questionId }).from(answers).where(eq(answers.id, answerId));
    if (!found) throw missing();
    // the question's locks first, in the order every question write takes them
    const { group, question } = await lockQuestionOrMissing(tx, found.questionId);
    const [answer] = await tx
      .select({ groupId: answers.groupId, authorId: answers.authorId, body: answers.body })
      .from(answers)
      .where(eq(answers.id, answerId))
      .for('update');
    if (!answer) throw missing();
    await deleteLikesOf(tx, 'answer', [answerId]);
    await tx.delete(answers).where(eq(answers.id, answerId));
    await tx
      .update(questions)
      .set({ status: 'open', answeredAt: null, updatedAt: sql`now()` })
      .where(eq(questions.id, question.id));
    const isPublic = question.status !== 'pending' && !question.isHidden;
    emit({
      topic: isPublic ? groupTopic(question.groupId) : userTopic(group.ownerId),
      event: CONTENT_LIVE_EVENTS.questionUpdated,
      ids: { groupId: question.groupId, questionId: question.id },
    });
    return answer;
  },
};

async function lockQuestionOrMissing(tx: Transaction, questionId: string) {
  try {
    return await lockQuestion(tx, questionId);
  } catch (error) {
    if ((error as { message?: string }).message === CONTENT_MESSAGES.questionNotFound) throw missing();
    throw error;
  }
}
