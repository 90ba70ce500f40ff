import { sql } from 'drizzle-orm';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import { sessionTopic } from '#shared/constants/live.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, livePresence, sessionViewerSamples } from '../../db/schema/index.ts';
import type { JobPolicy } from '../../lib/jobs.ts';

/** The queue of the minute's viewer samples (a cron schedule: one job a minute). */
export const SAMPLE_VIEWERS_QUEUE = 'host-analytics.sample-viewers';
/**
 * One run at a time, whichever process takes it; a failed minute is not retried for long, the
 * next minute's run samples again (and a read of a live session's analytics samples too).
 */
export const SAMPLE_VIEWERS_POLICY = {
  queue: 'singleton',
  retryLimit: 1,
  retryDelaySeconds: 10,
  expireInSeconds: 60,
  cron: '* * * * *',
} as const satisfies JobPolicy;

/**
 * Writes a viewer sample for each live session (or only `sessionId`, if it is live): at the
 * minute of `at` (now by default), how many watch its page, counted as the page's "watching"
 * figure counts them (listViewers): each signed-in person once however many pages they have
 * open, each signed-out connection once, rows older than the presence window left out. A
 * session already sampled at that minute keeps the higher of the two counts (the minute's peak),
 * so several processes, or a read and the job, may sample the same minute, and a viewer who
 * arrives after the minute's first sample still counts. Returns how many rows it wrote or raised.
 */
export async function sampleViewers(options: { db: Queryable; sessionId?: string; at?: Date }): Promise<number> {
  const { db } = options;
  const minute = options.at
    ? sql`date_trunc('minute', ${options.at.toISOString()}::timestamptz)`
    : sql`date_trunc('minute', now())`;
  const window = sql`now() - make_interval(secs => ${SESSION_LIMITS.presenceWindowSeconds})`;
  const topic = sql`${sessionTopic('')} || s.id::text`;
  const result = await db.execute(sql`
    insert into ${sessionViewerSamples} (session_id, sampled_at, viewers)
    select s.id, ${minute},
      (select count(distinct p.user_id) + count(*) filter (where p.user_id is null)
       from ${livePresence} p
       where p.topic = ${topic} and p.last_seen_at > ${window})
    from ${amaSessions} s
    where s.status = 'live' ${options.sessionId ? sql`and s.id = ${options.sessionId}` : sql``}
    on conflict (session_id, sampled_at) do update set viewers = excluded.viewers
    where ${sessionViewerSamples.viewers} < excluded.viewers`);
  return result.rowCount ?? 0;
}
