import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { CHANGE_LOG_KEPT_MS, isVisibleIn, PageChangeLog, pageChangeLog, parseSnapshot } from './page-change-log.ts';

// Each process's copy of the recent rows of page_changes (decision 035), against PostgreSQL.

let app: FastifyInstance;
let raw: pg.Client;
let other: pg.Client;

beforeAll(async () => {
  app = await buildTestApp();
  raw = new pg.Client({ connectionString: inject('databaseUrl') });
  other = new pg.Client({ connectionString: inject('databaseUrl') });
  await Promise.all([raw.connect(), other.connect()]);
});
afterAll(async () => {
  await Promise.all([raw?.end(), other?.end()]);
  await app?.close();
});

const scope = () => crypto.randomUUID();
const snapshotNow = async () =>
  (await raw.query<{ snapshot: string }>('select pg_current_snapshot()::text as snapshot')).rows[0]!.snapshot;
const change = (client: pg.Client, id: string) =>
  client.query('insert into page_changes (group_id) values ($1) returning xid::text as xid', [id]);

describe('PageChangeLog', () => {
  it('reads a snapshot and judges a transaction as pg_visible_in_snapshot does', async () => {
    for (const text of [
      '100:100:',
      '100:105:100,102,104',
      '9223372036854775900:9223372036854775910:9223372036854775901',
    ]) {
      const snapshot = parseSnapshot(text);
      const xmin = snapshot.xmin;
      for (let xid = xmin - 2n; xid < xmin + 12n; xid++) {
        const { rows } = await raw.query<{ visible: boolean }>(
          'select pg_visible_in_snapshot($1::xid8, $2::pg_snapshot) as visible',
          [xid.toString(), text],
        );
        expect(isVisibleIn(snapshot, xid), `${xid} in ${text}`).toBe(rows[0]!.visible);
      }
    }
    expect(() => parseSnapshot('nonsense')).toThrow();
  });

  it('sees every change committed before it was asked, and none its snapshot already saw', async () => {
    const log = new PageChangeLog(app.db);
    await log.sync();
    const [a, b] = [scope(), scope()];
    const before = parseSnapshot(await snapshotNow());
    await change(raw, a);
    await log.sync();
    expect(log.hasChanged([a], before)).toBe(true);
    expect(log.hasChanged([b], before)).toBe(false);
    const after = parseSnapshot(await snapshotNow());
    expect(log.hasChanged([a, b], after)).toBe(false);
  });

  it('sees a transaction left open across rounds once it commits, and not before', async () => {
    const log = new PageChangeLog(app.db);
    await log.sync();
    const id = scope();
    await other.query('begin');
    await change(other, id);
    // a page read while the write is open does not see it
    const during = parseSnapshot(await snapshotNow());
    await log.sync();
    await log.sync();
    expect(log.hasChanged([id], during)).toBe(false);
    await other.query('commit');
    await log.sync();
    expect(log.hasChanged([id], during)).toBe(true);
    expect(log.hasChanged([id], parseSnapshot(await snapshotNow()))).toBe(false);
  });

  it('sees an older transaction that commits after newer ones of the same scope', async () => {
    const log = new PageChangeLog(app.db);
    await log.sync();
    const id = scope();
    await other.query('begin');
    const older = BigInt((await change(other, id)).rows[0].xid as string);
    const newer: bigint[] = [];
    for (let index = 0; index < 5; index += 1) newer.push(BigInt((await change(raw, id)).rows[0].xid as string));
    expect(newer.every((xid) => xid > older)).toBe(true);
    // a page read now sees the five, not the one still open
    const page = parseSnapshot(await snapshotNow());
    await log.sync();
    expect(log.hasChanged([id], page)).toBe(false);
    await other.query('commit');
    await log.sync();
    expect(log.hasChanged([id], page)).toBe(true);
    expect(log.hasChanged([id], parseSnapshot(await snapshotNow()))).toBe(false);
    expect(log.size).toBeGreaterThanOrEqual(6);
  });

  it('cannot judge a page read before it began, and reads such a page again', async () => {
    const older = parseSnapshot(await snapshotNow());
    // a transaction ends between the page's snapshot and the log's first round
    const id = scope();
    await change(raw, id);
    const log = new PageChangeLog(app.db);
    await log.sync();
    // (the same scope: when another file's open transaction holds the log's first xmin below the
    // page's, the log can judge the page, and must then find this change)
    expect(log.hasChanged([id], older)).toBe(true);
  });

  it('answers a burst of requests with one round each for those that came while one was under way', async () => {
    const log = new PageChangeLog(app.db);
    await log.sync();
    expect(log.rounds).toBe(1);
    const id = scope();
    const page = parseSnapshot(await snapshotNow());
    await change(raw, id);
    // the first request starts a round; the 49 that come while it is under way share the next
    await Promise.all(Array.from({ length: 50 }, () => log.sync()));
    expect(log.rounds).toBe(3);
    // the change committed before they asked: the rounds they waited for saw it
    expect(log.hasChanged([id], page)).toBe(true);
  });

  it("reads the app's rounds on a connection of its own, so they never wait for the pool", async () => {
    const log = pageChangeLog(app.db);
    await log.sync();
    const id = scope();
    const page = parseSnapshot(await snapshotNow());
    // every connection of the pool taken, as by a burst of page reads after a write
    const pool = app.db.$client;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      await change(raw, id);
      const outcome = await Promise.race([
        log.sync().then(() => 'synced'),
        new Promise((resolve) => setTimeout(() => resolve('waiting for the pool'), 2_000)),
      ]);
      expect(outcome).toBe('synced');
      expect(log.hasChanged([id], page)).toBe(true);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('forgets what it read longer ago than a page can need', async () => {
    let now = 1_000_000;
    const log = new PageChangeLog(app.db, { now: () => now });
    await log.sync();
    await change(raw, scope());
    await log.sync();
    expect(log.size).toBeGreaterThan(0);
    now += CHANGE_LOG_KEPT_MS + 20_000;
    await log.sync();
    expect(log.size).toBe(0);
  });
});
