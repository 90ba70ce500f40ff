// pg-boss 10 marked a job done or failed without waiting for it (manager.complete/fail, promise
// dropped): with the database away at that moment, the rejection went unhandled and Node ended
// the whole process, so Townhall wrapped those methods (job-completion-guard.ts). pg-boss 12
// awaits the completion inside its worker loop, which reports a failure on the `error` event
// (logged by server/lib/jobs.ts), so the wrapper is gone. These tests keep pg-boss to that.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, expect, inject, it } from 'vitest';

const schema = `guard_test_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: inject('databaseUrl') });

afterAll(async () => {
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('a job that ends while the database is away is logged as a queue error, not an unhandled rejection that ends the process', async () => {
  await admin.connect();
  const boss = new PgBoss({ connectionString: inject('databaseUrl'), schema, schedule: false, supervise: false });
  const errors: Error[] = [];
  boss.on('error', (error) => errors.push(error));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await boss.start();
    await boss.createQueue('guarded');
    let started = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await boss.work('guarded', { pollingIntervalSeconds: 0.5 }, async () => {
      started = true;
      await gate;
    });
    await boss.send('guarded', {});
    await until('the job runs', () => started);

    // the job's table goes away while the job runs: marking it done fails, as it does when
    // the database server is restarting (pg-boss 12 keeps the jobs of a queue without a
    // partition of its own in job_common, pg-boss 10 kept them in job)
    await admin.query(`alter table ${schema}.job_common rename to job_away`);
    const before = errors.length;
    release();
    await until('the failure reaches the error event', () =>
      errors.slice(before).some((error) => /job_common" does not exist/.test(error.message)),
    );
    // a turn for any unhandled rejection to be reported
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
    await admin.query(`alter table ${schema}.job_away rename to job_common`);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await boss.stop({ graceful: false }).catch(() => undefined);
  }
});

it("leaves a queue's fail() and complete() where pg-boss puts them: under their own names", async () => {
  const boss = new PgBoss({ connectionString: inject('databaseUrl') });
  const methods = boss as unknown as Record<string, unknown>;
  expect(typeof methods.fail).toBe('function');
  expect(typeof methods.complete).toBe('function');
  expect(methods).not.toHaveProperty('guarded');
});
