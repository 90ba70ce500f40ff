import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { LikersResponseSchema } from '#shared/schemas/likes.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { likes, users } from '../../db/schema/index.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireVisibleQuestion } from '../questions/public.ts';
import { readLikeTarget, type ContentLikeTarget } from './like-target.ts';
import { presentPerson } from './presenter.ts';
import { cursorTime, decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';

/** A page of an item's likers, first or after a cursor: one prepared statement per shape. */
function likersPage(db: Database, after: boolean) {
  return preparedQuery(db, `likes_likers_${after ? 'after' : 'first'}`, (name) => {
    const conditions: SQL[] = [
      eq(likes.targetType, sql.placeholder('targetType')),
      eq(likes.targetId, sql.placeholder('targetId')),
    ];
    if (after) {
      conditions.push(
        sql`(${likes.createdAt}, ${likes.userId}) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('userId')})`,
      );
    }
    return db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        profileImageUrl: users.profileImageUrl,
        cursorTime: cursorTime(likes.createdAt),
      })
      .from(likes)
      .innerJoin(users, eq(users.id, likes.userId))
      .where(and(...conditions))
      .orderBy(desc(likes.createdAt), desc(likes.userId))
      .limit(CONTENT_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * Who liked an item, newest first, 20 a page, keyset on (created_at, user id) along
 * likes_target_recent_idx, with the item's like count as read with the item (two statements,
 * the page's prepared; three for a comment under a question).
 */
export async function listLikers(options: {
  db: Database;
  viewer: Viewer | null;
  targetType: ContentLikeTarget;
  targetId: string;
  cursor?: string | undefined;
}): Promise<z.infer<typeof LikersResponseSchema>> {
  const { db, targetType } = options;
  const target = await readLikeTarget(db, targetType, options.targetId);
  requireVisibleQuestion(target, options.viewer);
  const limit = CONTENT_LIMITS.pageSize;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'userId' }) : null;
  const rows = await likersPage(db, after !== null).execute({
    targetType,
    targetId: target.id,
    ...(after ? { time: after.key, userId: after.id } : {}),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page.map(presentPerson),
    total: target.likeCount,
    nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorTime, last.id) : null,
  };
}
