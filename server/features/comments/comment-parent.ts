import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import type { InteractionTarget } from '#shared/lib/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, posts, questions, type CommentParentType } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** What a comment hangs under, resolved: its group, the rule's target and who may see it. */
export interface CommentParent {
  type: CommentParentType;
  id: string;
  groupId: string;
  ownerId: string;
  authorId: string;
  /** 'posts' for a post, 'questionQueue' for a question (the host may not comment there). */
  target: InteractionTarget;
  /** Questions only: hidden by the host, or waiting for approval. */
  isHidden: boolean;
  isPending: boolean;
}

const NOT_FOUND: Record<CommentParentType, string> = {
  post: CONTENT_MESSAGES.postNotFound,
  question: CONTENT_MESSAGES.questionNotFound,
};

/**
 * The post or question `parentId` names, with its group's host; 404 when there is none.
 * `lock` takes the parent row FOR NO KEY UPDATE: writes that move its commentCount (adding or
 * deleting comments) lock it first, so they run one after another per parent and a deletion
 * of the parent waits for them. `lockGroup` (for writes that will also change the group row,
 * such as its lastActivityAt) locks the group row before the parent: the order every question
 * write (lockQuestion) and a group's deletion take them. The other order deadlocks with a
 * host answering or pinning the question being commented on.
 */
export async function loadCommentParent(options: {
  db: Queryable;
  parentType: CommentParentType;
  parentId: string;
  lock?: boolean;
  lockGroup?: boolean;
}): Promise<CommentParent> {
  const { db, parentType } = options;
  const id = options.parentId;
  if (!isUuid(id)) throw notFound(NOT_FOUND[parentType]);
  if (options.lockGroup) {
    const parentTable = parentType === 'post' ? posts : questions;
    await db
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.id, db.select({ groupId: parentTable.groupId }).from(parentTable).where(eq(parentTable.id, id))))
      .for('no key update');
  }
  if (parentType === 'post') {
    const query = db
      .select({ id: posts.id, groupId: posts.groupId, authorId: posts.authorId, ownerId: groups.ownerId })
      .from(posts)
      .innerJoin(groups, eq(groups.id, posts.groupId))
      .where(eq(posts.id, id))
      .$dynamic();
    const [row] = await (options.lock ? query.for('no key update', { of: posts }) : query);
    if (!row) throw notFound(NOT_FOUND.post);
    return { ...row, type: 'post', target: 'posts', isHidden: false, isPending: false };
  }
  const query = db
    .select({
      id: questions.id,
      groupId: questions.groupId,
      authorId: questions.authorId,
      ownerId: groups.ownerId,
      isHidden: questions.isHidden,
      isPending: sql<boolean>`${questions.status} = 'pending'`,
    })
    .from(questions)
    .innerJoin(groups, eq(groups.id, questions.groupId))
    .where(eq(questions.id, id))
    .$dynamic();
  const [row] = await (options.lock ? query.for('no key update', { of: questions }) : query);
  if (!row) throw notFound(NOT_FOUND.question);
  return { ...row, type: 'question', target: 'questionQueue' };
}

/** Moves the parent's commentCount by `delta` (in the transaction that adds or deletes the comments). */
export async function moveCommentCount(db: Queryable, parent: CommentParent, delta: number): Promise<number> {
  if (parent.type === 'post') {
    const [row] = await db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
      .where(eq(posts.id, parent.id))
      .returning({ n: posts.commentCount });
    return row?.n ?? 0;
  }
  const [row] = await db
    .update(questions)
    .set({ commentCount: sql`${questions.commentCount} + ${delta}` })
    .where(eq(questions.id, parent.id))
    .returning({ n: questions.commentCount });
  return row?.n ?? 0;
}
