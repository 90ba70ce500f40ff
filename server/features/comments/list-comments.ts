import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { CommentListResponse } from '#shared/schemas/comments.ts';
import type { Database } from '../../db/client.ts';
import { comments, groups, questions, type CommentParentType } from '../../db/schema/index.ts';
import { currentSnapshot, pageScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireVisibleQuestion } from '../questions/public.ts';
import { loadCommentParent } from './comment-parent.ts';
import { presentComment } from './presenter.ts';
import { selectComments } from './comment-query.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';

type PageShape = { parentType: CommentParentType; after: boolean; signedIn: boolean };

/**
 * The comments of one parent from a cursor on; a question's only while the viewer may see the
 * question (not hidden nor pending, or theirs, or their group's). One prepared query per shape.
 */
function pageQuery(db: Database, shape: PageShape) {
  const { parentType, after, signedIn } = shape;
  const name = `comments_page_${parentType}_${after ? 'after' : 'first'}_${signedIn ? 'viewer' : 'visitor'}`;
  return preparedQuery(db, name, (statementName) => {
    const viewerId = signedIn ? sql.placeholder('viewerId') : null;
    const parentId = sql.placeholder('parentId');
    const conditions: SQL[] = [eq(comments.parentType, parentType), sql`${comments.parentId} = ${parentId}`];
    if (parentType === 'question') {
      const mayAlsoSee =
        viewerId === null ? sql`false` : sql`${questions.authorId} = ${viewerId} or ${groups.ownerId} = ${viewerId}`;
      conditions.push(
        sql`exists (select 1 from ${questions} where ${questions.id} = ${parentId}
                    and ((not ${questions.isHidden} and ${questions.status} <> 'pending') or ${mayAlsoSee}))`,
      );
    }
    if (after) {
      conditions.push(
        sql`(${comments.createdAt}, ${comments.id}) > (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      );
    }
    return selectComments(db, viewerId, sql.join(conditions, sql` and `), { snapshot: currentSnapshot.as('snapshot') })
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder('limit'))
      .prepare(statementName);
  });
}

/**
 * One page of the comments under a post or a question, oldest first, replies included (each
 * names its replyToId; the client nests them), keyset on (created_at, id) along
 * comments_parent_created_idx. Comments of a hidden or pending question: its host and author
 * only. One statement; a page without comments asks for the parent itself, which says 404 or 403
 * where the page could not. With `cache`, a page is served again until something it shows changes
 * (server/lib/page-cache.ts, decision 034): its comments, their likes and authors, the question's
 * visibility and the host are all changes of the comments' group.
 */
export async function listComments(options: {
  db: Database;
  viewer: Viewer | null;
  parentType: CommentParentType;
  parentId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  cache?: PageCache<CommentListResponse> | undefined;
}): Promise<CommentListResponse> {
  const { db, viewer, parentType } = options;
  const viewerId = viewer?.id ?? null;
  const limit = options.limit ?? CONTENT_LIMITS.commentsPageSize;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  // one page per viewer: it carries their likes (and a question's comments depend on who asks)
  const key = JSON.stringify([viewerId, parentType, options.parentId, limit, options.cursor]);
  return servePage(options.cache, db, key, async () => {
    // a malformed id reads nothing: the parent's lookup below answers its 404
    const rows = isUuid(options.parentId)
      ? await pageQuery(db, { parentType, after: after !== null, signedIn: viewerId !== null }).execute({
          parentId: options.parentId,
          viewerId,
          limit: limit + 1,
          ...(after ? { time: after.key, id: after.id } : {}),
        })
      : [];
    if (rows.length === 0) {
      const parent = await loadCommentParent({ db, parentType, parentId: options.parentId });
      requireVisibleQuestion(parent, viewer);
    }
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const result: CommentListResponse = {
      comments: page.map((row) => presentComment(row, { viewerId, ownerId: row.ownerId })),
      nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorTime, last.id) : null,
    };
    // an empty page was answered with other statements (the parent's): not kept
    const first = rows[0];
    return {
      value: result,
      source: first
        ? { scopes: [pageScope(first.groupId, parentType === 'post' ? 'posts' : 'queue')], snapshot: first.snapshot }
        : undefined,
    };
  });
}
