import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DISCOVERY_LIMITS, type MySessionsScope } from '#shared/schemas/discovery.ts';
import type { SessionListResponse } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor } from '../groups/cursor.ts';
import { requireViewer } from '../groups/host-only.ts';
import { presentSession, selectSessions } from '../sessions/select-sessions.ts';
import { myGroupIds } from './my-groups.ts';

const SCOPE_STATUS = { upcoming: 'scheduled', live: 'live' } as const;

/**
 * One page of the sessions of the viewer's groups (subscribed, member or host): upcoming
 * (scheduled, soonest first) or live (by planned start); keyset cursor on (startsAt, id).
 */
export async function listMySessions(options: {
  db: Queryable;
  viewer: Viewer | null;
  scope: MySessionsScope;
  cursor?: string | undefined;
}): Promise<SessionListResponse> {
  const viewer = requireViewer(options.viewer);
  const limit = DISCOVERY_LIMITS.pageSize;
  const conditions: SQL[] = [
    eq(amaSessions.status, SCOPE_STATUS[options.scope]),
    inArray(amaSessions.groupId, myGroupIds(viewer.id, { isFollowedIncluded: false })),
  ];
  if (options.cursor) {
    const { key, id } = decodeCursor(options.cursor, { key: 'time', id: 'uuid' });
    conditions.push(sql`(${amaSessions.startsAt}, ${amaSessions.id}) > (${key}::timestamptz, ${id}::uuid)`);
  }
  const rows = await selectSessions(options.db, and(...conditions))
    .orderBy(asc(amaSessions.startsAt), asc(amaSessions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    sessions: page.map(presentSession),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}
