/**
 * From pg-boss 10 to 12. pg-boss migrates its own schema at start, but only from the schema that
 * pg-boss 11 installs (version 25) on: pg-boss 11 rewrote the job tables, and 12 refuses older
 * versions ("the oldest supported starting version is 25"). pg-boss 10 leaves version 24. So a
 * database that pg-boss 10 ran on keeps working this way (decision 044):
 *
 * 1. `setAsideOldSchema`, before pg-boss starts and under the install lock: the old schema is
 *    renamed to `{schema}_v10` (one statement: nothing is lost if the process dies after it), and
 *    pg-boss 12 then installs a fresh schema under the usual name.
 * 2. `moveJobsOfOldSchema`, once the queues exist: the jobs still to run (created, retry, and
 *    active ones whose process is gone) are inserted into the new schema with their id, data,
 *    due time, singleton key and the attempts they have left, and the old schema is dropped, in
 *    one transaction. A start that dies before the commit moves them next time.
 *
 * Completed and failed jobs of pg-boss 10 (its job and archive history) are not moved: e-mail
 * keeps its own record in mail_messages.
 */
import type { PgBoss } from 'pg-boss';
import type pg from 'pg';

/** The schema version pg-boss 10 installs; pg-boss 12 migrates from 25 on. */
export const PG_BOSS_10_SCHEMA_VERSION = 24;
const FIRST_MIGRATABLE_VERSION = 25;
/** Queue names pg-boss 12 accepts; pg-boss 10 took more. */
const QUEUE_NAME = /^[\w.-]+$/;

/** Where the schema of pg-boss 10 waits while its jobs move. */
export function oldSchemaName(schema: string): string {
  return `${schema}_v10`;
}

/**
 * Renames `schema` out of the way if pg-boss 10 installed it. Returns the new name, or null when
 * there was nothing to set aside (no schema yet, or one pg-boss 12 can migrate).
 */
export async function setAsideOldSchema(client: pg.ClientBase, schema: string): Promise<string | null> {
  const { rows: table } = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
    `${quote(schema)}.version`,
  ]);
  if (!table[0]?.found) return null;
  const { rows } = await client.query<{ version: string | null }>(
    `select max(version)::text as version from ${quote(schema)}.version`,
  );
  const version = rows[0]?.version ?? null;
  if (version === null || Number(version) >= FIRST_MIGRATABLE_VERSION) return null;
  const old = oldSchemaName(schema);
  if (await schemaExists(client, old)) {
    throw new Error(
      `The job schema ${schema} is pg-boss ${version === String(PG_BOSS_10_SCHEMA_VERSION) ? '10' : `schema version ${version}`}, ` +
        `and ${old}, set aside by an earlier start, still holds jobs to move: an older Townhall may have installed it again. ` +
        `Stop every older Townhall process, then start this one again; if ${schema} holds no job that matters, drop it first.`,
    );
  }
  await client.query(`alter schema ${quote(schema)} rename to ${quote(old)}`);
  return old;
}

interface OldQueue {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
}

interface OldJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  /** Retries still allowed: a retry or an active job has used one attempt more than its retry_count says. */
  retries_left: number;
  start_after: Date;
  singleton_key: string | null;
  expire_seconds: number;
  retention_seconds: number;
}

/** What moved: jobs per queue; queues whose name pg-boss 12 refuses keep nothing. */
export interface MovedJobs {
  jobs: number;
  queues: Record<string, number>;
  skippedQueues: string[];
}

/**
 * Moves the jobs still to run from the schema `setAsideOldSchema` renamed into the running
 * pg-boss 12, and drops the old schema. Queues that no feature defines any more are created
 * with their old settings, so no job is lost. Returns null when there was nothing to move.
 */
export async function moveJobsOfOldSchema(options: {
  pool: pg.Pool;
  boss: PgBoss;
  schema: string;
  lock: string;
}): Promise<MovedJobs | null> {
  const { pool, boss, schema, lock } = options;
  const old = oldSchemaName(schema);
  if (!(await schemaExists(pool, old))) return null;

  // queues first, on pg-boss's own connections: no transaction of ours is open meanwhile
  const { rows: oldQueues } = await pool.query<OldQueue>(
    `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds from ${quote(old)}.queue`,
  );
  const skippedQueues: string[] = [];
  for (const queue of oldQueues) {
    if (!QUEUE_NAME.test(queue.name)) {
      skippedQueues.push(queue.name);
      continue;
    }
    if (await boss.getQueue(queue.name)) continue;
    await boss.createQueue(queue.name, {
      policy:
        queue.policy === 'short' || queue.policy === 'singleton' || queue.policy === 'stately'
          ? queue.policy
          : 'standard',
      ...(queue.retry_limit === null ? {} : { retryLimit: queue.retry_limit }),
      ...(queue.retry_delay === null ? {} : { retryDelay: queue.retry_delay }),
      ...(queue.retry_backoff === null ? {} : { retryBackoff: queue.retry_backoff }),
      ...(queue.expire_seconds ? { expireInSeconds: queue.expire_seconds } : {}),
    });
  }

  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [lock]);
    // another process may have moved them while this one waited for the lock
    if (!(await schemaExists(client, old))) {
      await client.query('rollback');
      return null;
    }
    const { rows: jobs } = await client.query<OldJob>(
      `select id, name, priority, data, retry_limit, retry_delay, retry_backoff,
              greatest(0, retry_limit - retry_count - case when started_on is null then 0 else 1 end) as retries_left,
              start_after, singleton_key,
              greatest(1, ceil(extract(epoch from expire_in)))::int as expire_seconds,
              greatest(1, ceil(extract(epoch from keep_until - start_after)))::int as retention_seconds
         from ${quote(old)}.job
        where state in ('created', 'retry', 'active')
        order by name, created_on`,
    );
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    const queues: Record<string, number> = {};
    for (const [name, ofQueue] of Map.groupBy(jobs, (job) => job.name)) {
      if (!QUEUE_NAME.test(name)) continue;
      await boss.insert(
        name,
        ofQueue.map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          retryLimit: job.retries_left,
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: job.start_after,
          ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
          expireInSeconds: job.expire_seconds,
          retentionSeconds: job.retention_seconds,
        })),
        { db },
      );
      queues[name] = ofQueue.length;
    }
    await client.query(`drop schema ${quote(old)} cascade`);
    await client.query('commit');
    const moved = Object.values(queues).reduce((sum, n) => sum + n, 0);
    return { jobs: moved, queues, skippedQueues };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function schemaExists(client: pg.ClientBase | pg.Pool, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    'select exists (select 1 from pg_namespace where nspname = $1) as found',
    [name],
  );
  return rows[0]?.found === true;
}

/** A schema name as an SQL identifier. */
function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
