import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import * as schema from './schema/index.ts';
import { logDatabaseError } from '../lib/database-errors.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a function gets inside a transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool or a transaction: read helpers accept both. */
export type Queryable = Database | Transaction;

// bigint (int8) columns such as counters come back as numbers, not strings: they stay far
// below 2^53 in Townhall.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens the connection pool and the Drizzle handle over it. */
export function createDatabase(options: { url: string; max: number; logger: Logger }): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    application_name: 'townhall',
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection emits here; without a listener it would crash
  // the process. The pool replaces it on the next checkout.
  pool.on('error', (error) => logDatabaseError(options.logger, 'warn', error, 'idle database connection lost'));
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}

/** Runs a statement outside any transaction against the server that `url` names. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'townhall-admin' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` on the server of `url` unless it exists; returns its URL. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  await withClient(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
