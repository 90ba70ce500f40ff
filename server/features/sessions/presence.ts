import type { FastifyBaseLogger as Logger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { SESSION_LIMITS, SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { SESSION_LIVE_EVENTS, sessionTopic, type ViewersResponse } from '#shared/schemas/sessions.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { amaSessions, livePresence, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { PresenceWatch, TopicPresence } from '../../live/hub.ts';
import { COALESCE_MS } from '../../live/hub.ts';
import { KeyedThrottle } from '../../live/throttle.ts';
import { isUuid } from '../../lib/ids.ts';

const WINDOW = sql`now() - make_interval(secs => ${SESSION_LIMITS.presenceWindowSeconds})`;

/** Rows no process refreshed for this long (their process died) are deleted. */
const STALE_ROWS = sql`now() - interval '10 minutes'`;

const keyOf = (topic: string, connectionId: string) => `${topic}\n${connectionId}`;

/**
 * Presence of session pages from the sockets that watch `session:{id}` on this process: the hub
 * reports each socket that starts or stops watching (and its page's online/away), and this keeps
 * their rows in `live_presence`, which every process shares, so nobody can claim a viewer
 * without holding a connection the server accepted. Writes are batched (a burst of arrivals is
 * a few statements), rows are refreshed every SESSION_LIMITS.presenceRefreshSeconds so a dead
 * process's viewers drop out of the window, and `presence.changed` leaves at most once per
 * COALESCE_MS per session from this process.
 */
export class SessionPresence implements TopicPresence {
  readonly #db: Queryable;
  readonly #publish: (events: LiveEvent[]) => Promise<void>;
  readonly #logger: Logger;
  /** Watches of this process's open sockets. */
  readonly #current = new Map<string, PresenceWatch>();
  /** Changes not yet written: a watch to upsert, or null for a row to delete. */
  #pending = new Map<string, { topic: string; connectionId: string; watch: PresenceWatch | null }>();
  #isFlushScheduled = false;
  #isClosed = false;
  /** Writes run one after another, so a socket's arrival is never written after its departure. */
  #work: Promise<void> = Promise.resolve();
  readonly #toAnnounce = new Set<string>();
  readonly #throttle = new KeyedThrottle(COALESCE_MS, (topic) => {
    this.#toAnnounce.add(topic);
    if (this.#toAnnounce.size === 1) queueMicrotask(() => this.#announce());
  });

  constructor(options: { db: Queryable; publish: (events: LiveEvent[]) => Promise<void>; logger: Logger }) {
    this.#db = options.db;
    this.#publish = options.publish;
    this.#logger = options.logger;
  }

  watch(watch: PresenceWatch): void {
    if (this.#isClosed) return;
    const key = keyOf(watch.topic, watch.connectionId);
    this.#current.set(key, watch);
    this.#pending.set(key, { topic: watch.topic, connectionId: watch.connectionId, watch });
    this.#scheduleFlush();
  }

  unwatch(topic: string, connectionId: string): void {
    if (this.#isClosed) return;
    const key = keyOf(topic, connectionId);
    this.#current.delete(key);
    this.#pending.set(key, { topic, connectionId, watch: null });
    this.#scheduleFlush();
  }

  /**
   * Marks this process's rows as seen now (writing them again if they went missing) and deletes
   * rows that no process refreshed for long.
   */
  refresh(): Promise<void> {
    return this.#enqueue(async () => {
      await this.#upsert([...this.#current.values()]);
      await this.#db.delete(livePresence).where(sql`${livePresence.lastSeenAt} < ${STALE_ROWS}`);
    });
  }

  /** Shutting down: this process's rows go, and nothing more is written. */
  async close(): Promise<void> {
    if (this.#isClosed) return;
    this.#isClosed = true;
    this.#throttle.clear();
    // The sockets still watching, and those that left but whose rows were not deleted yet (the
    // hub may close its sockets before this runs).
    const gone = new Map<string, { topic: string; connectionId: string }>([...this.#current, ...this.#pending]);
    this.#current.clear();
    this.#pending.clear();
    if (gone.size === 0) return;
    await this.#enqueue(async () => {
      await this.#delete([...gone.values()]);
      // the viewers on other processes hear of it now rather than at their next refetch
      await this.#publish(this.#changedEvents(new Set([...gone.values()].map((row) => row.topic))));
    });
  }

  #scheduleFlush(): void {
    if (this.#isFlushScheduled) return;
    this.#isFlushScheduled = true;
    // after this turn of the event loop, so a burst of arrivals is written together
    setImmediate(() => {
      this.#isFlushScheduled = false;
      void this.#enqueue(() => this.#flush());
    });
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    this.#work = this.#work.then(task).catch((error: unknown) => {
      this.#logger.warn({ err: error }, 'presence could not be written');
    });
    return this.#work;
  }

  async #flush(): Promise<void> {
    if (this.#isClosed || this.#pending.size === 0) return;
    const changes = [...this.#pending.values()];
    this.#pending = new Map();
    const arrived: PresenceWatch[] = [];
    const left: { topic: string; connectionId: string }[] = [];
    for (const change of changes) {
      if (change.watch) arrived.push(change.watch);
      else left.push(change);
    }
    await this.#upsert(arrived);
    await this.#delete(left);
    for (const topic of new Set(changes.map((change) => change.topic))) this.#throttle.hit(topic);
  }

  async #upsert(watches: PresenceWatch[]): Promise<void> {
    if (watches.length === 0) return;
    // One statement for the batch; a person deleted meanwhile counts as signed out, not as an error.
    await this.#db.execute(sql`
      insert into ${livePresence} (topic, connection_id, user_id, status, last_seen_at)
      select v.topic, v.connection_id, ${users.id}, v.status, now()
      from unnest(
        ${sql.param(watches.map((watch) => watch.topic))}::text[],
        ${sql.param(watches.map((watch) => watch.connectionId))}::text[],
        ${sql.param(watches.map((watch) => watch.userId))}::text[],
        ${sql.param(watches.map((watch) => watch.status))}::text[]
      ) as v(topic, connection_id, user_id, status)
      left join ${users} on ${users.id} = v.user_id
      on conflict (topic, connection_id) do update
        set user_id = excluded.user_id, status = excluded.status, last_seen_at = excluded.last_seen_at`);
  }

  async #delete(rows: { topic: string; connectionId: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db.execute(sql`
      delete from ${livePresence}
      where (topic, connection_id) in (
        select * from unnest(
          ${sql.param(rows.map((row) => row.topic))}::text[],
          ${sql.param(rows.map((row) => row.connectionId))}::text[]
        )
      )`);
  }

  #announce(): void {
    const topics = new Set(this.#toAnnounce);
    this.#toAnnounce.clear();
    if (this.#isClosed || topics.size === 0) return;
    this.#publish(this.#changedEvents(topics)).catch((error: unknown) => {
      this.#logger.warn({ err: error }, 'presence changes could not be announced');
    });
  }

  #changedEvents(topics: Set<string>): LiveEvent[] {
    const prefix = sessionTopic('');
    return [...topics].map((topic) => ({
      topic,
      event: SESSION_LIVE_EVENTS.presenceChanged,
      ids: { sessionId: topic.slice(prefix.length) },
    }));
  }
}

/**
 * Who watches a session: how many, counting each signed-in person once however many pages they
 * have open and each signed-out connection once, and up to 12 signed-in people, online before
 * away, each once. One prepared statement, on the session's row (404 when there is none); the
 * rows of its topic read through live_presence_topic_seen_idx.
 */
export async function listViewers(options: { db: Database; sessionId: string }): Promise<ViewersResponse> {
  const { db, sessionId } = options;
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const query = preparedQuery(db, 'sessions_viewers', (name) => {
    const topic = sql.placeholder('topic');
    const fresh = sql`p.topic = ${topic} and p.last_seen_at > ${WINDOW}`;
    return db
      .select({
        count: sql<number>`(select count(distinct p.user_id) + count(*) filter (where p.user_id is null)
          from ${livePresence} p where ${fresh})`.mapWith(Number),
        people: sql<ViewersResponse['people']>`(
          select coalesce(json_agg(json_build_object('id', v.id, 'username', v.username, 'name', v.name,
                   'profileImageURL', v.profile_image_url, 'status', case when v.online then 'online' else 'away' end)
                 order by v.online desc, v.seen desc), '[]'::json)
          from (select u.id, u.username, u.name, u.profile_image_url,
                  -- one row per person: online if any of their pages is
                  bool_or(p.status = 'online') as online, max(p.last_seen_at) as seen
                from ${livePresence} p join ${users} u on u.id = p.user_id
                where ${fresh}
                group by u.id
                order by online desc, seen desc
                limit ${sql.raw(String(SESSION_LIMITS.viewersShown))}) as v)`,
      })
      .from(amaSessions)
      .where(eq(amaSessions.id, sql.placeholder('sessionId')))
      .prepare(name);
  });
  const [row] = await query.execute({ sessionId, topic: sessionTopic(sessionId) });
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return { count: row.count, people: row.people };
}
