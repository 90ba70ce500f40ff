import { getTableName, sql } from 'drizzle-orm';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { LikeResponse } from '#shared/schemas/likes.ts';
import type { Transaction } from '../../db/client.ts';
import { answers, comments, posts, questions } from '../../db/schema/index.ts';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { requireVisibleQuestion } from '../questions/public.ts';
import { loadLikeTarget, readLikeCount, type ContentLikeTarget, type LikeTarget } from './like-target.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/**
 * Likes a post, comment, question (a vote) or answer (`isLiked: true`) or takes the like back,
 * idempotently (action 'like'; target 'posts' for posts and their comments, 'questionQueue'
 * for the rest). A hidden or pending question, and what hangs under it, is the host's and its
 * author's alone. The like row and the item's likeCount change in one transaction, the counter
 * only when a row really changed, so counts stay exact under any concurrency; watchers of the
 * group hear 'like.changed'. A question merged into another takes no vote and loses none (409
 * 'question_merged'): its votes live on the question it went into.
 */
export async function setLike(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  targetType: ContentLikeTarget;
  targetId: string;
  isLiked: boolean;
}): Promise<LikeResponse> {
  const { isLiked, targetType } = options;
  return options.transaction(async (tx, { emit }) => {
    const target = await loadLikeTarget(tx, targetType, options.targetId);
    const { viewer } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: target.groupId,
      action: 'like',
      target: target.target,
    });
    requireVisibleQuestion(target, viewer);
    // the merge pooled its votes on the target; the row lock above waited for a merge under way
    if (target.isMerged) throw new AppError(409, 'question_merged', CONTENT_MESSAGES.questionMergedNoVote);
    const likeCount = await changeLike(tx, { target, userId: viewer.id, isLiked });
    if (likeCount === null) return { isLiked, likeCount: await readLikeCount(tx, target) };
    emit({
      topic: groupTopic(target.groupId),
      event: CONTENT_LIVE_EVENTS.likeChanged,
      ids: { targetId: target.id },
      data: { targetType, likeCount },
    });
    return { isLiked, likeCount };
  });
}

/**
 * Adds or removes the viewer's like row and, only when a row really changed, moves the item's
 * likeCount: one statement. Returns the new count, or null when nothing changed.
 */
async function changeLike(
  tx: Transaction,
  options: { target: LikeTarget; userId: string; isLiked: boolean },
): Promise<number | null> {
  const { target, userId, isLiked } = options;
  const table = { post: posts, question: questions, answer: answers, comment: comments }[target.type];
  const change = isLiked
    ? sql`insert into "likes" ("target_type", "target_id", "user_id", "group_id") values (${target.type}, ${target.id}, ${userId}, ${target.groupId}) on conflict do nothing returning 1`
    : sql`delete from "likes" where "target_type" = ${target.type} and "target_id" = ${target.id} and "user_id" = ${userId} returning 1`;
  const result = await tx.execute<{ like_count: number }>(
    sql`with "changed" as (${change}) update ${sql.identifier(getTableName(table))} set "like_count" = "like_count" ${sql.raw(isLiked ? '+' : '-')} 1 where "id" = ${target.id} and exists (select 1 from "changed") returning "like_count"`,
  );
  const [row] = result.rows;
  return row ? Number(row.like_count) : null;
}
