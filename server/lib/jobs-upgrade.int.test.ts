import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
// pg-boss 10 itself, as Townhall ran it before (a dev dependency under another name)
import PgBossV10 from 'pg-boss-v10';
import { pino } from 'pino';
import { afterAll, expect, inject, it } from 'vitest';
import { Jobs, type Job } from './jobs.ts';
import { oldSchemaName, PG_BOSS_10_SCHEMA_VERSION } from './jobs-upgrade.ts';

const databaseUrl = inject('databaseUrl');
const schema = `jobs_upgrade_${randomBytes(4).toString('hex')}`;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const logger = pino({ level: 'silent' });

afterAll(async () => {
  await pool.query(`drop schema if exists ${schema} cascade`);
  await pool.query(`drop schema if exists ${oldSchemaName(schema)} cascade`);
  await pool.end();
});

async function job(id: string | null) {
  const { rows } = await pool.query<{
    name: string;
    state: string;
    data: object;
    start_after: Date;
    singleton_key: string | null;
    retry_limit: number;
    retry_delay: number;
    retry_backoff: boolean;
  }>(
    `select name, state, data, start_after, singleton_key, retry_limit, retry_delay, retry_backoff from ${schema}.job where id = $1`,
    [id],
  );
  return rows[0];
}

async function schemaVersion(name: string): Promise<number | undefined> {
  const { rows } = await pool.query<{ version: number }>(`select version from ${name}.version`);
  return rows[0]?.version;
}

it('moves the waiting jobs of a pg-boss 10 schema into pg-boss 12, which alone refuses that schema', async () => {
  // ── what pg-boss 10 leaves: queues, due, delayed, retrying and finished jobs ─────────────
  const old = new PgBossV10({ connectionString: databaseUrl, schema, supervise: false, schedule: false });
  old.on('error', () => undefined);
  await old.start();
  await old.createQueue('up.mail', { name: 'up.mail', retryLimit: 3, retryDelay: 1, retryBackoff: true });
  await old.createQueue('up.short', { name: 'up.short', policy: 'short', retryLimit: 5, retryDelay: 60 });
  // a queue no feature defines any more
  await old.createQueue('up.gone', { name: 'up.gone' });
  const due = randomUUID();
  await old.send('up.mail', { messageId: due }, { id: due });
  const later = new Date(Date.now() + 3_600_000);
  const delayed = await old.send('up.short', { userId: 'u1' }, { singletonKey: 'u1', startAfter: later });
  const gone = await old.send('up.gone', { n: 1 });
  const cancelled = await old.send('up.mail', { messageId: 'cancelled' });
  if (!cancelled) throw new Error('not sent');
  await old.cancel('up.mail', cancelled);
  // a job whose first attempt failed: it waits in 'retry' with 2 retries left after the next
  const retrying = randomUUID();
  await old.send('up.mail', { messageId: retrying }, { id: retrying, startAfter: 3_600 });
  await pool.query(`update ${schema}.job set start_after = now() where id = $1`, [retrying]);
  const [fetched] = (await old.fetch('up.mail', { batchSize: 5 })) ?? [];
  // the due job was fetched too: put it back as pg-boss 10 would after its process died mid-job
  await pool.query(`update ${schema}.job set state = 'created', started_on = null where id = $1`, [due]);
  expect(fetched).toBeDefined();
  await old.fail('up.mail', retrying, { message: 'smtp down' });
  await old.stop({ graceful: false, wait: true });
  expect(await schemaVersion(schema)).toBe(PG_BOSS_10_SCHEMA_VERSION);
  const { rows: before } = await pool.query<{ id: string; state: string; retry_count: number }>(
    `select id, state, retry_count from ${schema}.job where id = $1`,
    [retrying],
  );
  expect(before).toEqual([{ id: retrying, state: 'retry', retry_count: 0 }]);

  // ── pg-boss 12 on its own does not migrate it ─────────────────────────────────────────────
  const plain = new PgBoss({ connectionString: databaseUrl, schema, supervise: false, schedule: false });
  plain.on('error', () => undefined);
  await expect(plain.start()).rejects.toThrow(/oldest supported starting version is 25/);
  await plain.stop({ graceful: false }).catch(() => undefined);
  expect(await schemaVersion(schema)).toBe(PG_BOSS_10_SCHEMA_VERSION);

  // ── Townhall's job system does ────────────────────────────────────────────────────────────
  const handled: Job<{ messageId: string }>[] = [];
  const jobs = new Jobs({ connectionString: databaseUrl, logger, schema });
  jobs.define<{ messageId: string }>('up.mail', async (job) => void handled.push(job), {
    retryLimit: 3,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  jobs.define('up.short', async () => undefined, { queue: 'short', retryLimit: 5, retryDelaySeconds: 60 });
  try {
    await jobs.start(pool);
    // the old schema waits aside; pg-boss 12 installed its own under the usual name
    expect(await schemaVersion(oldSchemaName(schema))).toBe(PG_BOSS_10_SCHEMA_VERSION);
    expect(await schemaVersion(schema)).toBeGreaterThan(PG_BOSS_10_SCHEMA_VERSION);

    await jobs.ready(pool);
    const { rows: aside } = await pool.query('select 1 from pg_namespace where nspname = $1', [oldSchemaName(schema)]);
    expect(aside).toEqual([]);

    // the due job runs, under its own id
    await expect.poll(() => handled.map((job) => job.id), { timeout: 10_000 }).toContain(due);
    expect(handled.find((job) => job.id === due)?.data).toEqual({ messageId: due });
    // the delayed one keeps its time and its singleton key, so a second send is still refused
    expect(await job(delayed)).toMatchObject({ name: 'up.short', state: 'created', singleton_key: 'u1' });
    expect(Math.abs((await job(delayed))!.start_after.getTime() - later.getTime())).toBeLessThan(1_000);
    expect(await jobs.send('up.short', { userId: 'u1' }, { singletonKey: 'u1', startAfter: 60 })).toBeNull();
    // the job of an undefined queue is kept, in a queue made with its old settings
    expect(await job(gone)).toMatchObject({ name: 'up.gone', state: 'created', data: { n: 1 } });
    // the retrying job keeps the attempts it had left, and its backoff
    expect(await job(retrying)).toMatchObject({ retry_limit: 2, retry_delay: 1, retry_backoff: true });
    // finished jobs stay behind (dropped with the old schema)
    expect(await job(cancelled)).toBeUndefined();
  } finally {
    await jobs.stop();
  }

  // ── a later start finds nothing to move ───────────────────────────────────────────────────
  const again = new Jobs({ connectionString: databaseUrl, logger, schema });
  again.define('up.mail', async () => undefined, { retryLimit: 3, retryDelaySeconds: 1 });
  try {
    await again.start(pool);
    await again.ready(pool);
    expect(await job(gone)).toMatchObject({ name: 'up.gone', state: 'created' });
  } finally {
    await again.stop();
  }
});
