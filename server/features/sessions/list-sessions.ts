import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import type { SessionListResponse, SessionView } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor } from '../groups/cursor.ts';
import { loadGroupWithRelation } from '../groups/find-group.ts';
import { presentSession, selectSessions } from './select-sessions.ts';

const VIEW_STATUS = { upcoming: 'scheduled', live: 'live', past: 'ended' } as const;

/**
 * One page of every group's sessions: upcoming (scheduled, soonest first), live (by planned
 * start) or past (ended, latest first); 20 a page, keyset cursor on (startsAt, id).
 */
export async function listSessions(options: {
  db: Queryable;
  view: SessionView;
  cursor?: string | undefined;
}): Promise<SessionListResponse> {
  const { db, view } = options;
  const isDescending = view === 'past';
  const conditions: SQL[] = [eq(amaSessions.status, VIEW_STATUS[view])];
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, { key: 'time', id: 'uuid' });
    conditions.push(
      isDescending
        ? sql`(${amaSessions.startsAt}, ${amaSessions.id}) < (${key}::timestamptz, ${id}::uuid)`
        : sql`(${amaSessions.startsAt}, ${amaSessions.id}) > (${key}::timestamptz, ${id}::uuid)`,
    );
  }
  const order = isDescending
    ? [desc(amaSessions.startsAt), desc(amaSessions.id)]
    : [asc(amaSessions.startsAt), asc(amaSessions.id)];
  const limit = SESSION_LIMITS.pageSize;
  const rows = await selectSessions(db, and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    sessions: page.map(presentSession),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}

/** The sessions of one group, newest start first (at most 100: a group holds few). */
export async function listGroupSessions(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
}): Promise<SessionListResponse> {
  const { group } = await loadGroupWithRelation(options);
  const rows = await selectSessions(options.db, eq(amaSessions.groupId, group.id))
    .orderBy(desc(amaSessions.startsAt), desc(amaSessions.id))
    .limit(100);
  return { sessions: rows.map(presentSession), nextCursor: null };
}
