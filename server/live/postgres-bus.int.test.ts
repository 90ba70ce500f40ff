import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { createDatabase } from '../db/client.ts';
import { createPostgresBus } from './postgres-bus.ts';

const databaseUrl = inject('databaseUrl');
const logger = pino({ level: 'silent' });
const db = createDatabase({ url: databaseUrl, max: 2, logger });
afterAll(async () => {
  await db.$client.end();
});

describe('the PostgreSQL live bus', () => {
  it('says when its listening connection is lost and when it is back, and then receives again', async () => {
    const applicationName = `townhall-live-test-${randomBytes(4).toString('hex')}`;
    const bus = createPostgresBus({ url: databaseUrl, logger, applicationName });
    const connection: boolean[] = [];
    const received: LiveEvent[] = [];
    await bus.start(
      (event) => received.push(event),
      (isConnected) => connection.push(isConnected),
    );
    try {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const cut = await admin.query(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        expect(cut.rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => connection, { timeout: 5_000 }).toEqual([false, true]);

      const event: LiveEvent = {
        topic: `group:${randomUUID()}`,
        event: 'like.changed',
        ids: { targetId: 'after-reconnect' },
      };
      await db.transaction(async (tx) => bus.publishInTransaction(tx, [event]));
      await expect
        .poll(() => received.map((item) => item.ids.targetId), { timeout: 5_000 })
        .toContain('after-reconnect');
    } finally {
      await bus.close();
    }
  });
});
