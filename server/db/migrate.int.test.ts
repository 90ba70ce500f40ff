import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DATA_VERSION } from '#shared/constants/limits.ts';
import { withClient } from './client.ts';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

const url = inject('databaseUrl');

describe('migrations', () => {
  it('record the data version of the spec', async () => {
    const { rows } = await withClient(url, (client) =>
      client.query("select value from app_meta where key = 'data_version'"),
    );
    expect(rows).toEqual([{ value: DATA_VERSION }]);
    expect(DATA_VERSION).toBe('0.0.3');
  });

  it('enable pg_trgm', async () => {
    const { rows } = await withClient(url, (client) =>
      client.query<{ similarity: number }>("select similarity('townhall', 'townhal') as similarity"),
    );
    expect(rows[0]?.similarity).toBeGreaterThan(0.5);
  });

  it('can run again, and concurrently, without changing anything', async () => {
    const silent = pino({ level: 'silent' });
    await Promise.all([runMigrations(url, silent), runMigrations(url, silent), runMigrations(url, silent)]);
    const { rows } = await withClient(url, (client) =>
      client.query('select count(*)::int as n from drizzle.__drizzle_migrations'),
    );
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]?.n).toBe(journal.entries.length);
  });
});
