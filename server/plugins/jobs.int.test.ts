import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../db/client.ts';
import { JOBS_SCHEMA, type Job } from '../lib/jobs.ts';
import { databasePlugin } from './database.ts';
import { jobsPlugin } from './jobs.ts';

const databaseUrl = inject('databaseUrl');
// reads the job table from outside the apps (a pool: a test reads several jobs at once)
const admin = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await admin.end();
});

/** A queue name of this run: apps of one run share the database and its job schema. */
const queueName = (what: string) => `jobs.test_${randomBytes(4).toString('hex')}.${what}`;

/** The smallest app with the job system: the database, the plugin, and the queues `define` declares. */
async function buildJobsApp(define: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  apps.push(app);
  await app.register(databasePlugin, {
    db: createDatabase({ url: databaseUrl, max: 4, logger: pino({ level: 'silent' }) }),
  });
  await app.register(jobsPlugin);
  define(app);
  await app.ready();
  return app;
}

async function jobRow(id: string | null) {
  const { rows } = await admin.query<{ state: string; retry_count: number; output: { message?: string } | null }>(
    `select state, retry_count, output from ${JOBS_SCHEMA}.job where id = $1`,
    [id],
  );
  return rows[0];
}

describe('the job plugin', () => {
  it('runs the handler a queue defines with the data sent to it', async () => {
    const queue = queueName('define');
    const seen: Job<{ n: number }>[] = [];
    const app = await buildJobsApp((app) => {
      app.jobs.define<{ n: number }>(queue, async (job) => void seen.push(job), {
        retryLimit: 0,
        retryDelaySeconds: 1,
        pollingIntervalSeconds: 0.5,
      });
    });
    const id = await app.jobs.send(queue, { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => seen.map((job) => job.data), { timeout: 10_000 }).toEqual([{ n: 1 }]);
    expect(seen[0]).toMatchObject({ id, retryCount: 0, isLastAttempt: true });
    await expect.poll(async () => (await jobRow(id))?.state, { timeout: 10_000 }).toBe('completed');
    // a name no feature defined is a mistake, not a new queue
    await expect(app.jobs.send(queueName('undefined'), {})).rejects.toThrow(/No job queue .* is defined/);
    expect(() =>
      app.jobs.define(queueName('late'), async () => undefined, { retryLimit: 0, retryDelaySeconds: 1 }),
    ).toThrow(/defined too late/);
  });

  it('queues a job sent with { tx } only if the transaction commits', async () => {
    const queue = queueName('tx');
    const seen: number[] = [];
    const app = await buildJobsApp((app) => {
      app.jobs.define<{ n: number }>(queue, async ({ data }) => void seen.push(data.n), {
        retryLimit: 0,
        retryDelaySeconds: 1,
        pollingIntervalSeconds: 0.5,
      });
    });

    const rolledBack = randomUUID();
    await expect(
      app.db.transaction(async (tx) => {
        expect(await app.jobs.send(queue, { n: 1 }, { tx, id: rolledBack })).toBe(rolledBack);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobRow(rolledBack)).toBeUndefined();

    const committed = randomUUID();
    await app.db.transaction(async (tx) => {
      await app.jobs.send(queue, { n: 2 }, { tx, id: committed });
      // written by the transaction's own connection: nobody else sees it before the commit
      expect(await jobRow(committed)).toBeUndefined();
    });
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual([2]);
    await expect.poll(async () => (await jobRow(committed))?.state, { timeout: 10_000 }).toBe('completed');
    expect(await jobRow(rolledBack)).toBeUndefined();
    expect(seen).toEqual([2]);
  });

  it('retries a failing handler as its policy says, then leaves the job failed', async () => {
    const queue = queueName('retry');
    const attempts: { retryCount: number; isLastAttempt: boolean; at: number }[] = [];
    const app = await buildJobsApp((app) => {
      app.jobs.define(
        queue,
        async ({ retryCount, isLastAttempt }) => {
          attempts.push({ retryCount, isLastAttempt, at: Date.now() });
          throw new Error(`attempt ${retryCount} failed`);
        },
        { retryLimit: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
      );
    });
    const id = await app.jobs.send(queue, {});
    await expect.poll(async () => (await jobRow(id))?.state, { timeout: 25_000, interval: 250 }).toBe('failed');
    expect(attempts.map(({ retryCount, isLastAttempt }) => ({ retryCount, isLastAttempt }))).toEqual([
      { retryCount: 0, isLastAttempt: false },
      { retryCount: 1, isLastAttempt: false },
      { retryCount: 2, isLastAttempt: true },
    ]);
    // the backoff: at least the delay (1 s), then at least twice it
    const [first, second, third] = attempts.map((attempt) => attempt.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2_000);
    expect((await jobRow(id))?.output).toMatchObject({ message: 'attempt 2 failed' });
  });

  it('settles each job of a batch on its own: a failing one leaves the others done', async () => {
    const queue = queueName('batch');
    const app = await buildJobsApp((app) => {
      app.jobs.define<{ fails: boolean }>(
        queue,
        async ({ data }) => {
          if (data.fails) throw new Error('this one fails');
        },
        { retryLimit: 0, retryDelaySeconds: 1, batchSize: 10, pollingIntervalSeconds: 0.5 },
      );
    });
    const ids = await Promise.all([false, true, false].map((fails) => app.jobs.send(queue, { fails })));
    await expect
      .poll(async () => Promise.all(ids.map(async (id) => (await jobRow(id))?.state)), { timeout: 10_000 })
      .toEqual(['completed', 'failed', 'completed']);
  });

  it("keeps one waiting job per singleton key on a 'short' queue", async () => {
    const queue = queueName('short');
    const app = await buildJobsApp((app) => {
      app.jobs.define(queue, async () => undefined, { queue: 'short', retryLimit: 0, retryDelaySeconds: 1 });
    });
    const first = await app.jobs.send(queue, {}, { singletonKey: 'person', startAfter: 3_600 });
    expect(first).not.toBeNull();
    expect(await app.jobs.send(queue, {}, { singletonKey: 'person', startAfter: 3_600 })).toBeNull();
    expect(await app.jobs.send(queue, {}, { singletonKey: 'another', startAfter: 3_600 })).not.toBeNull();
  });

  it('lets the running job finish when the app closes, then stops', async () => {
    const queue = queueName('stop');
    let started = false;
    let finished = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await buildJobsApp((app) => {
      app.jobs.define(
        queue,
        async () => {
          started = true;
          await gate;
          finished = true;
        },
        { retryLimit: 0, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
      );
    });
    const id = await app.jobs.send(queue, {});
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // still waiting for the job
    expect(closed).toBe(false);
    release();
    await closing;
    apps.splice(apps.indexOf(app), 1);
    expect(finished).toBe(true);
    expect((await jobRow(id))?.state).toBe('completed');
    // stopping again (as the app's own onClose hook and this plugin's both do) is harmless
    await app.jobs.stop();
  });
});
