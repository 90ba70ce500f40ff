import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DISCOVERY_LIMITS, type MySessionsScope } from '#shared/schemas/discovery.ts';
import type { SessionListResponse } from '#shared/schemas/sessions.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { amaSessions } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentSessionPage, selectSessions } from '../sessions/public.ts';
import { personScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { myGroupIds } from './my-groups.ts';
import { decodeKeyset } from '../../lib/keyset.ts';
import { requireViewer } from '../../lib/viewer.ts';

const SCOPE_STATUS = { upcoming: 'scheduled', live: 'live' } as const;

/** A page of the sessions of the viewer's groups, per scope, first or after a cursor: prepared once per shape. */
function pageQuery(db: Database, scope: MySessionsScope, after: boolean) {
  return preparedQuery(db, `discovery_my_sessions_${scope}_${after ? 'after' : 'first'}`, (name) => {
    const conditions: SQL[] = [
      eq(amaSessions.status, SCOPE_STATUS[scope]),
      inArray(amaSessions.groupId, myGroupIds(sql.placeholder('viewerId'), { isFollowedIncluded: false })),
    ];
    if (after) {
      conditions.push(
        sql`(${amaSessions.startsAt}, ${amaSessions.id}) > (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      );
    }
    return selectSessions(db, and(...conditions))
      .orderBy(asc(amaSessions.startsAt), asc(amaSessions.id))
      .limit(DISCOVERY_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * One page of the sessions of the viewer's groups (subscribed, member or host): upcoming
 * (scheduled, soonest first) or live (by planned start); keyset cursor on (startsAt, id). One
 * prepared statement; with a `cache`, served again until something it shows changes (decision
 * 035): the viewer's groups (their person scope) or any session of the site, or a shown
 * session's group, questions or host.
 */
export async function listMySessions(options: {
  db: Database;
  viewer: Viewer | null;
  scope: MySessionsScope;
  cursor?: string | undefined;
  cache?: PageCache<SessionListResponse> | undefined;
}): Promise<SessionListResponse> {
  const viewer = requireViewer(options.viewer);
  const limit = DISCOVERY_LIMITS.pageSize;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const key = JSON.stringify([viewer.id, options.scope, after?.key ?? null, after?.id ?? null]);
  return servePage(options.cache, options.db, key, async () => {
    const rows = await pageQuery(options.db, options.scope, after !== null).execute({
      viewerId: viewer.id,
      ...(after ? { time: after.key, id: after.id } : {}),
    });
    return presentSessionPage(rows, limit, [personScope(viewer.id)]);
  });
}
