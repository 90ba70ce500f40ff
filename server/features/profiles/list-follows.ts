import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import type { PeoplePage } from '#shared/schemas/profiles.ts';
import type { Queryable } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentPersonSummary } from './presenter.ts';
import { isUserId } from './update-profile.ts';

// The cursor keeps the follow's time to the microsecond (PostgreSQL's precision; a JS Date
// would round it to the millisecond and skip or repeat rows made in the same millisecond).
const encodeFollowCursor = (time: string, id: string) => encodeCursor([time, id]);

/**
 * One page of a person's followers (`direction: 'followers'`) or of the people they follow
 * ('following'), newest follow first, with the viewer's own relation to each person: one
 * query (a left join on the viewer's follows), a keyset cursor on (createdAt, id).
 */
export async function listFollows(options: {
  db: Queryable;
  viewer: Viewer | null;
  userId: string;
  direction: 'followers' | 'following';
  cursor?: string | undefined;
  limit: number;
}): Promise<PeoplePage> {
  const { db, viewer, userId, direction, limit } = options;
  if (!isUserId(userId)) throw new AppError(400, 'invalid_user_id', PROFILE_MESSAGES.invalidUserId);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound(PROFILE_MESSAGES.notFound);

  // followers: rows that point at the person, listing who follows; following: the reverse
  const anchor = direction === 'followers' ? follows.followedId : follows.followerId;
  const other = direction === 'followers' ? follows.followerId : follows.followedId;
  const mine = alias(follows, 'mine');
  const conditions: SQL[] = [eq(anchor, userId)];
  if (options.cursor) {
    const [time, id] = decodeCursor(options.cursor, [cursorPart.time, cursorPart.userId]);
    const after = { time, id };
    conditions.push(sql`(${follows.createdAt}, ${other}) < (${after.time}::timestamptz, ${after.id})`);
  }
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      quote: users.quote,
      profileImageUrl: users.profileImageUrl,
      followers: users.followers,
      following: users.following,
      createdAt: users.createdAt,
      followedAt: follows.createdAt,
      cursorTime: sql<string>`to_char(${follows.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      viewerFollows: mine.followerId,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .leftJoin(mine, and(eq(mine.followerId, viewer?.id ?? ''), eq(mine.followedId, users.id)))
    .where(and(...conditions))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page.map((row) =>
      presentPersonSummary({
        ...row,
        isFollowing: !viewer || viewer.id === row.id ? null : row.viewerFollows !== null,
      }),
    ),
    nextCursor: rows.length > limit && last ? encodeFollowCursor(last.cursorTime, last.id) : null,
  };
}
