import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import type { PeoplePage } from '#shared/schemas/profiles.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { follows, users } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { findPersonById } from './find-profile.ts';
import { presentPersonSummary } from './presenter.ts';
import { isUserId } from './update-profile.ts';

// The cursor keeps the follow's time to the microsecond (PostgreSQL's precision; a JS Date
// would round it to the millisecond and skip or repeat rows made in the same millisecond).
const encodeFollowCursor = (time: string, id: string) => encodeCursor([time, id]);

type Direction = 'followers' | 'following';

/** A page of followers or following, first or after a cursor, for a viewer or a visitor: prepared once per shape. */
function pageQuery(db: Database, shape: { direction: Direction; after: boolean; signedIn: boolean }) {
  const { direction, after, signedIn } = shape;
  const shapeName = `${direction}_${after ? 'after' : 'first'}_${signedIn ? 'viewer' : 'visitor'}`;
  return preparedQuery(db, `profiles_follows_${shapeName}`, (name) => {
    // followers: rows that point at the person, listing who follows; following: the reverse
    const anchor = direction === 'followers' ? follows.followedId : follows.followerId;
    const other = direction === 'followers' ? follows.followerId : follows.followedId;
    const mine = alias(follows, 'mine');
    const conditions: SQL[] = [eq(anchor, sql.placeholder('userId'))];
    if (after) {
      conditions.push(
        sql`(${follows.createdAt}, ${other}) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')})`,
      );
    }
    return db
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
        viewerFollows: signedIn
          ? sql<boolean>`exists (select 1 from ${follows} as ${sql.identifier('mine')} where ${mine.followerId} = ${sql.placeholder('viewerId')} and ${mine.followedId} = ${users.id})`
          : sql<boolean>`false`,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(and(...conditions))
      .orderBy(desc(follows.createdAt), desc(other))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/**
 * One page of a person's followers (`direction: 'followers'`) or of the people they follow
 * ('following'), newest follow first, with the viewer's own relation to each person: one
 * prepared statement, a keyset cursor on (createdAt, id); an empty page asks whether the
 * person exists (404 otherwise).
 */
export async function listFollows(options: {
  db: Database;
  viewer: Viewer | null;
  userId: string;
  direction: Direction;
  cursor?: string | undefined;
  limit: number;
}): Promise<PeoplePage> {
  const { db, viewer, userId, direction, limit } = options;
  if (!isUserId(userId)) throw new AppError(400, 'invalid_user_id', PROFILE_MESSAGES.invalidUserId);
  const after = options.cursor ? decodeCursor(options.cursor, [cursorPart.time, cursorPart.userId]) : null;
  const rows = await pageQuery(db, { direction, after: after !== null, signedIn: viewer !== null }).execute({
    userId,
    viewerId: viewer?.id ?? null,
    limit: limit + 1,
    ...(after ? { time: after[0], id: after[1] } : {}),
  });
  if (rows.length === 0 && !(await findPersonById(db, userId))) throw notFound(PROFILE_MESSAGES.notFound);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page.map(({ viewerFollows, ...row }) =>
      presentPersonSummary({
        ...row,
        isFollowing: !viewer || viewer.id === row.id ? null : viewerFollows,
      }),
    ),
    nextCursor: rows.length > limit && last ? encodeFollowCursor(last.cursorTime, last.id) : null,
  };
}
