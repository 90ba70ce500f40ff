import { eq, sql, type SQL } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, groups, questions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { cursorTime, isGroupId } from '../groups/cursor.ts';

/**
 * Sessions matching `where`, each in one row with its group, its host and the number of its
 * visible questions. Callers add order and limit.
 */
export function selectSessions(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      id: amaSessions.id,
      groupId: amaSessions.groupId,
      groupSlug: groups.slug,
      groupName: groups.name,
      groupImage: groups.groupImage,
      hostId: amaSessions.hostId,
      hostUsername: users.username,
      hostName: users.name,
      hostImage: users.profileImageUrl,
      title: amaSessions.title,
      description: amaSessions.description,
      startsAt: amaSessions.startsAt,
      durationMinutes: amaSessions.durationMinutes,
      status: amaSessions.status,
      startedAt: amaSessions.startedAt,
      endedAt: amaSessions.endedAt,
      createdAt: amaSessions.createdAt,
      cursorTime: cursorTime(amaSessions.startsAt),
      questionCount:
        sql<number>`(select count(*) from ${questions} where ${questions.sessionId} = ${amaSessions.id} and ${questions.status} <> 'pending' and not ${questions.isHidden})`.mapWith(
          Number,
        ),
    })
    .from(amaSessions)
    .innerJoin(groups, eq(groups.id, amaSessions.groupId))
    .innerJoin(users, eq(users.id, amaSessions.hostId))
    .where(where)
    .$dynamic();
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessions>['execute']>>[number];

/** A session row as the shared AmaSession; endsAt is when it ended, or its planned end. */
export function presentSession(row: SessionRow): AmaSession {
  const plannedStart = row.status === 'live' && row.startedAt ? row.startedAt : row.startsAt;
  const endsAt = row.endedAt ?? new Date(plannedStart.getTime() + row.durationMinutes * 60_000);
  return {
    id: row.id,
    groupId: row.groupId,
    group: { id: row.groupId, slug: row.groupSlug, name: row.groupName, groupImage: row.groupImage },
    host: { id: row.hostId, username: row.hostUsername, name: row.hostName, profileImageURL: row.hostImage },
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    endsAt: endsAt.toISOString(),
    status: row.status,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    questionCount: row.questionCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One session, presented; 404 when there is none. */
export async function loadSession(db: Queryable, sessionId: string): Promise<AmaSession> {
  if (!isGroupId(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [row] = await selectSessions(db, eq(amaSessions.id, sessionId)).limit(1);
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return presentSession(row);
}

/**
 * The session row for a host's write, locked FOR UPDATE so two writes (start twice, start and
 * delete) run one after the other; 404 when there is none, 401/403 unless the viewer hosts it.
 */
export async function lockSessionForHost(db: Queryable, viewerId: string, sessionId: string) {
  if (!isGroupId(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [row] = await db
    .select({
      id: amaSessions.id,
      groupId: amaSessions.groupId,
      title: amaSessions.title,
      status: amaSessions.status,
      ownerId: groups.ownerId,
    })
    .from(amaSessions)
    .innerJoin(groups, eq(groups.id, amaSessions.groupId))
    .where(eq(amaSessions.id, sessionId))
    .for('update', { of: amaSessions });
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return row;
}
