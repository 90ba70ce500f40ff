import { and, desc, eq, sql } from 'drizzle-orm';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import {
  SESSION_LIVE_EVENTS,
  sessionTopic,
  type PresenceStatus,
  type ViewersResponse,
} from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { livePresence, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RunInTransaction } from '../groups/groups-transaction.ts';
import { loadSession } from './select-sessions.ts';

const WINDOW = sql`now() - make_interval(secs => ${SESSION_LIMITS.presenceWindowSeconds})`;

/**
 * A heartbeat of one open session page (`connectionId`, one per tab): upserts its row in
 * live_presence, which every server process shares. When the page arrives (no fresh row
 * before) or its status changes, `presence.changed` goes out on the session's topic so the
 * viewers refetch; rows long gone are swept then.
 */
export async function recordPresence(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  sessionId: string;
  connectionId: string;
  status: PresenceStatus;
}): Promise<void> {
  const { sessionId, connectionId, status } = options;
  await options.transaction(async (tx, { emit }) => {
    const session = await loadSession(tx, sessionId);
    const topic = sessionTopic(session.id);
    // The CTE reads the row as it was before the upsert.
    const result = await tx.execute<{ changed: boolean }>(sql`
      with previous as (
        select ${livePresence.status} as status, ${livePresence.lastSeenAt} > ${WINDOW} as fresh
        from ${livePresence} where ${livePresence.topic} = ${topic} and ${livePresence.connectionId} = ${connectionId}
      )
      insert into ${livePresence} (topic, connection_id, user_id, status, last_seen_at)
      values (${topic}, ${connectionId}, ${options.viewer?.id ?? null}, ${status}, now())
      on conflict (topic, connection_id) do update
        set user_id = excluded.user_id, status = excluded.status, last_seen_at = excluded.last_seen_at
      returning coalesce((select not fresh or status <> ${status} from previous), true) as changed`);
    if (result.rows[0]?.changed) {
      await tx.execute(
        sql`delete from ${livePresence} where ${livePresence.topic} = ${topic} and ${livePresence.lastSeenAt} < now() - interval '10 minutes'`,
      );
      emit({ topic, event: SESSION_LIVE_EVENTS.presenceChanged, ids: { sessionId: session.id } });
    }
  });
}

/** A page left: its row goes, and the viewers are told. */
export async function leavePresence(options: {
  transaction: RunInTransaction;
  sessionId: string;
  connectionId: string;
}): Promise<void> {
  await options.transaction(async (tx, { emit }) => {
    const session = await loadSession(tx, options.sessionId);
    const topic = sessionTopic(session.id);
    const removed = await tx
      .delete(livePresence)
      .where(and(eq(livePresence.topic, topic), eq(livePresence.connectionId, options.connectionId)))
      .returning({ connectionId: livePresence.connectionId });
    if (removed.length > 0) emit({ topic, event: SESSION_LIVE_EVENTS.presenceChanged, ids: { sessionId: session.id } });
  });
}

/**
 * Who watches a session: the count of open pages seen within the window (signed in or not)
 * and up to 12 signed-in people, online before away, each once.
 */
export async function listViewers(options: { db: Queryable; sessionId: string }): Promise<ViewersResponse> {
  const { db } = options;
  const session = await loadSession(db, options.sessionId);
  const topic = sessionTopic(session.id);
  const fresh = and(eq(livePresence.topic, topic), sql`${livePresence.lastSeenAt} > ${WINDOW}`);
  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(livePresence)
    .where(fresh);
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      profileImageURL: users.profileImageUrl,
      // one row per person: online if any of their pages is
      status: sql<PresenceStatus>`case when bool_or(${livePresence.status} = 'online') then 'online' else 'away' end`,
    })
    .from(livePresence)
    .innerJoin(users, eq(users.id, livePresence.userId))
    .where(fresh)
    .groupBy(users.id)
    .orderBy(sql`bool_or(${livePresence.status} = 'online') desc`, desc(sql`max(${livePresence.lastSeenAt})`))
    .limit(SESSION_LIMITS.viewersShown);
  return { count: counted?.count ?? 0, people };
}
