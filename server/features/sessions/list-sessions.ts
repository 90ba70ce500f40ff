import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import type { SessionListResponse, SessionView } from '#shared/schemas/sessions.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { Database } from '../../db/client.ts';
import { amaSessions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { findGroupOwner } from '../groups/public.ts';
import { presentSession, presentSessionPage, selectSessions } from './select-sessions.ts';
import { servePage, type PageCache } from '../../lib/page-cache.ts';
import { decodeKeyset } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';

const VIEW_STATUS = { upcoming: 'scheduled', live: 'live', past: 'ended' } as const;

/** A page of every group's sessions of one view, first or after a cursor: prepared once per shape. */
function pageQuery(db: Database, view: SessionView, after: boolean) {
  return preparedQuery(db, `sessions_page_${view}_${after ? 'after' : 'first'}`, (name) => {
    const isDescending = view === 'past';
    const conditions: SQL[] = [eq(amaSessions.status, VIEW_STATUS[view])];
    if (after) {
      const time = sql.placeholder('time');
      const id = sql.placeholder('id');
      conditions.push(
        isDescending
          ? sql`(${amaSessions.startsAt}, ${amaSessions.id}) < (${time}::timestamptz, ${id}::uuid)`
          : sql`(${amaSessions.startsAt}, ${amaSessions.id}) > (${time}::timestamptz, ${id}::uuid)`,
      );
    }
    const order = isDescending
      ? [desc(amaSessions.startsAt), desc(amaSessions.id)]
      : [asc(amaSessions.startsAt), asc(amaSessions.id)];
    return selectSessions(db, and(...conditions))
      .orderBy(...order)
      .limit(SESSION_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * One page of every group's sessions: upcoming (scheduled, soonest first), live (by planned
 * start) or past (ended, latest first); 20 a page, keyset cursor on (startsAt, id). One
 * prepared statement; with a `cache`, served again until something it shows changes (decision
 * 035): the same for everyone.
 */
export async function listSessions(options: {
  db: Database;
  view: SessionView;
  cursor?: string | undefined;
  cache?: PageCache<SessionListResponse> | undefined;
}): Promise<SessionListResponse> {
  const { db, view } = options;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const limit = SESSION_LIMITS.pageSize;
  const key = JSON.stringify([view, after?.key ?? null, after?.id ?? null]);
  return servePage(options.cache, db, key, async () =>
    presentSessionPage(
      await pageQuery(db, view, after !== null).execute(after ? { time: after.key, id: after.id } : {}),
      limit,
    ),
  );
}

/**
 * The sessions of one group, newest start first (at most 100: a group holds few): one prepared
 * statement; a group without sessions asks whether the group exists (404 otherwise).
 */
export async function listGroupSessions(options: { db: Database; groupId: string }): Promise<SessionListResponse> {
  const { db, groupId } = options;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const query = preparedQuery(db, 'sessions_of_group', (name) =>
    selectSessions(db, eq(amaSessions.groupId, sql.placeholder('groupId')))
      .orderBy(desc(amaSessions.startsAt), desc(amaSessions.id))
      .limit(100)
      .prepare(name),
  );
  const rows = await query.execute({ groupId });
  if (rows.length === 0 && (await findGroupOwner(db, groupId)) === undefined) {
    throw notFound(GROUP_MESSAGES.notFound);
  }
  return { sessions: rows.map(presentSession), nextCursor: null };
}
