import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTENT_LIMITS, type CommentListResponse } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { comments, type CommentParentType } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor } from '../groups/cursor.ts';
import { loadCommentParent, requireVisibleParent } from './comment-parent.ts';
import { presentComment } from './presenter.ts';
import { selectComments } from './comment-query.ts';

/**
 * One page of the comments under a post or a question, oldest first, replies included (each
 * names its replyToId; the client nests them), keyset on (created_at, id) along
 * comments_parent_created_idx. Comments of a hidden or pending question: its host and author only.
 */
export async function listComments(options: {
  db: Queryable;
  viewer: Viewer | null;
  parentType: CommentParentType;
  parentId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}): Promise<CommentListResponse> {
  const { db, viewer } = options;
  const limit = options.limit ?? CONTENT_LIMITS.commentsPageSize;
  const parent = await loadCommentParent({ db, parentType: options.parentType, parentId: options.parentId });
  requireVisibleParent(parent, viewer);
  const conditions: SQL[] = [eq(comments.parentType, parent.type), eq(comments.parentId, parent.id)];
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'time', id: 'uuid' });
    conditions.push(sql`(${comments.createdAt}, ${comments.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await selectComments(db, viewer?.id ?? null, and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    comments: page.map((row) => presentComment(row, { viewerId: viewer?.id ?? null, ownerId: row.ownerId })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}
