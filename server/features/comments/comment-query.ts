import { eq, type SQL } from 'drizzle-orm';
import type { Comment } from '#shared/schemas/comments.ts';
import type { Queryable } from '../../db/client.ts';
import { comments, groups, users } from '../../db/schema/index.ts';
import type { ViewerParam } from '../../lib/viewer.ts';
import { commentColumns, presentComment } from './presenter.ts';
import { cursorTime } from '../../lib/keyset.ts';

/** Comments matching `where` with their author, the group's host and the viewer's like (and `extra` columns). */
export function selectComments<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  viewerId: ViewerParam,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      ...extra,
      ...commentColumns(viewerId),
      ownerId: groups.ownerId,
      cursorTime: cursorTime(comments.createdAt),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(groups, eq(groups.id, comments.groupId))
    .where(where)
    .$dynamic();
}

/** One comment for the API, or null. */
export async function loadComment(db: Queryable, viewerId: string | null, commentId: string): Promise<Comment | null> {
  const [row] = await selectComments(db, viewerId, eq(comments.id, commentId)).limit(1);
  return row ? presentComment(row, { viewerId, ownerId: row.ownerId }) : null;
}
