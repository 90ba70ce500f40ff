import { eq, sql, type SQL } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { AmaSession, SessionListResponse } from '#shared/schemas/sessions.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { amaSessions, groups, questions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';
import { currentSnapshot, pageScope, personScope, SESSIONS_SCOPE, type LoadedPage } from '../../lib/page-cache.ts';
import { cursorTime, encodeKeyset } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Sessions matching `where`, each in one row with its group, its host and the number of its
 * visible questions, and the snapshot the statement read them in (for a PageCache). Callers add
 * order and limit.
 */
export function selectSessions(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      snapshot: currentSnapshot,
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

/** A session as selectSessions reads it (without the snapshot of the statement). */
export type SessionRow = Omit<Awaited<ReturnType<ReturnType<typeof selectSessions>['execute']>>[number], 'snapshot'>;

/**
 * The scopes a page of sessions was chosen from and shows (decision 035): every session of the
 * site, and each session's group (its row), its questions (the count) and its host.
 */
function sessionPageScopes(rows: readonly Pick<SessionRow, 'groupId' | 'hostId'>[]): string[] {
  const scopes = new Set([SESSIONS_SCOPE]);
  for (const row of rows) {
    scopes.add(pageScope(row.groupId, 'group'));
    scopes.add(pageScope(row.groupId, 'queue'));
    scopes.add(personScope(row.hostId));
  }
  return [...scopes];
}

/** A page of sessions from its rows (one more than `limit` when there is a next page), and its scopes. */
export function presentSessionPage(
  rows: readonly (SessionRow & { snapshot: string })[],
  limit: number,
  extraScopes: readonly string[] = [],
): LoadedPage<SessionListResponse> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    value: {
      sessions: page.map(presentSession),
      nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorTime, last.id) : null,
    },
    source: rows[0] ? { scopes: [...extraScopes, ...sessionPageScopes(rows)], snapshot: rows[0].snapshot } : undefined,
  };
}

/** A timestamp as text in UTC to the microsecond, which `new Date` reads back as Drizzle would. */
const utcText = (expression: SQL) => sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A session as one JSON object with the keys of `SessionRow` (timestamps as text), for a
 * statement that returns sessions beside other things; `session`, `group` and `host` are the
 * aliases of ama_sessions, its group and its host in that statement.
 */
export function sessionJson(session: string, group: string, host: string): SQL {
  const s = (column: string) => sql.raw(`${session}.${column}`);
  const g = (column: string) => sql.raw(`${group}.${column}`);
  const h = (column: string) => sql.raw(`${host}.${column}`);
  return sql`json_build_object('id', ${s('id')}, 'groupId', ${s('group_id')}, 'groupSlug', ${g('slug')},
    'groupName', ${g('name')}, 'groupImage', ${g('group_image')}, 'hostId', ${s('host_id')},
    'hostUsername', ${h('username')}, 'hostName', ${h('name')}, 'hostImage', ${h('profile_image_url')},
    'title', ${s('title')}, 'description', ${s('description')}, 'startsAt', ${utcText(s('starts_at'))},
    'durationMinutes', ${s('duration_minutes')}, 'status', ${s('status')}, 'startedAt', ${utcText(s('started_at'))},
    'endedAt', ${utcText(s('ended_at'))}, 'createdAt', ${utcText(s('created_at'))}, 'cursorTime', ${utcText(s('starts_at'))},
    'questionCount', (select count(*) from ${questions} where ${questions.sessionId} = ${s('id')}
      and ${questions.status} <> 'pending' and not ${questions.isHidden}))`;
}

/** A session as `sessionJson` writes it. */
export type SessionJson = Omit<SessionRow, 'startsAt' | 'startedAt' | 'endedAt' | 'createdAt'> & {
  startsAt: string;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
};

/** The `SessionRow` of a session written by `sessionJson`. */
export function sessionFromJson(json: SessionJson): SessionRow {
  return {
    ...json,
    startsAt: new Date(json.startsAt),
    startedAt: json.startedAt === null ? null : new Date(json.startedAt),
    endedAt: json.endedAt === null ? null : new Date(json.endedAt),
    createdAt: new Date(json.createdAt),
  };
}

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
    startsAt: isoTime(row.startsAt),
    durationMinutes: row.durationMinutes,
    endsAt: isoTime(endsAt),
    status: row.status,
    startedAt: isoTimeOrNull(row.startedAt),
    endedAt: isoTimeOrNull(row.endedAt),
    questionCount: row.questionCount,
    createdAt: isoTime(row.createdAt),
  };
}

/** One session, presented; 404 when there is none. */
export async function loadSession(db: Queryable, sessionId: string): Promise<AmaSession> {
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [row] = await selectSessions(db, eq(amaSessions.id, sessionId)).limit(1);
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return presentSession(row);
}

/** One session by id, prepared once: for reads on the pool (`loadSession` runs in transactions too). */
export function oneSessionQuery(db: Database) {
  return preparedQuery(db, 'sessions_one', (name) =>
    selectSessions(db, eq(amaSessions.id, sql.placeholder('sessionId')))
      .limit(1)
      .prepare(name),
  );
}

/** One session, presented, read with one prepared statement; 404 when there is none. */
export async function readSession(db: Database, sessionId: string): Promise<AmaSession> {
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [row] = await oneSessionQuery(db).execute({ sessionId });
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return presentSession(row);
}

/**
 * The session row for a host's write, locked FOR UPDATE so two writes (start twice, start and
 * delete) run one after the other; 404 when there is none, 401/403 unless the viewer hosts it.
 */
export async function lockSessionForHost(db: Queryable, viewerId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
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
