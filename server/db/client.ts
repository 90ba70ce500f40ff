import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import * as schema from './schema/index.ts';
import { logDatabaseError } from '../lib/database-errors.ts';
import { reportCheckoutFailures } from './availability.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a function gets inside a transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool or a transaction: read helpers accept both. */
export type Queryable = Database | Transaction;

// bigint (int8) columns such as counters come back as numbers, not strings: they stay far
// below 2^53 in Townhall.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * How long a request waits for a pooled connection — a free one, or a new one to a server
 * that is slow to accept — before it gives up with a 503 and Retry-After. Short: a person
 * waits better with an answer than with a spinner, and a burst should not pile up.
 */
export const POOL_CHECKOUT_TIMEOUT_MS = 3_000;

/**
 * The server cancels a statement running longer than this, so a stuck query cannot hold a
 * connection for ever. (No client-side query_timeout: node-postgres then stops waiting but
 * leaves the query running on the connection and hands the client back to the pool, where
 * the next request queues behind it.)
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Keeps errors of a pg client from ending the process. A client emits 'error' when its
 * connection breaks (the server restarts, the network drops); without a listener Node throws
 * it. The pool listens only while a client is idle, so one checked out by a transaction must
 * have its own listener: its running query fails with the same error, the request answers
 * 503, and the pool drops the client when it is released.
 */
export function guardClientErrors(client: pg.Client, onError: (error: Error) => void = () => {}): void {
  client.on('error', onError);
}

/**
 * Distinct statements a process names (see `StatementNamer`). Each connection keeps the plan of
 * each named statement it ran, so this bounds the memory PostgreSQL spends on them per connection.
 */
export const NAMED_STATEMENT_LIMIT = 400;

/**
 * Gives a parameterized statement a name the second time its text is seen, so that node-postgres
 * prepares it: each connection then parses and plans it once instead of at every request, and
 * sends only its parameters afterwards. Planning the same statement again was most of what
 * PostgreSQL did for a read. Texts seen once (rare statements) stay unnamed, and past
 * `limit` names every new text stays unnamed.
 */
export class StatementNamer {
  readonly #seen = new Map<string, string | null>();
  #named = 0;
  readonly limit: number;
  constructor(limit: number = NAMED_STATEMENT_LIMIT) {
    this.limit = limit;
  }

  /** The name of `text`, or undefined while it stays unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.#seen.get(text);
    if (typeof known === 'string') return known;
    if (known === undefined) {
      // the first sighting is only remembered (a bounded number of them, like the names)
      if (this.#seen.size < this.limit * 4) this.#seen.set(text, null);
      return undefined;
    }
    if (this.#named >= this.limit) return undefined;
    this.#named += 1;
    const name = `townhall_${this.#named}`;
    this.#seen.set(text, name);
    return name;
  }
}

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

/** Told how long each statement of a pool took, in seconds, from query() to its result (metrics). */
export type QueryObserver = (seconds: number) => void;

/** The observer of a pool's statements; its clients read it at every query, so it can be set at any time. */
interface QueryTiming {
  observe: QueryObserver | undefined;
}

const timingOfPool = new WeakMap<pg.Pool, QueryTiming>();

/**
 * Tells `observe` the duration of every statement run on `db`'s pool from now on (undefined: stop);
 * pools made from it by `separatePool` share it. Without an observer a statement costs one check.
 */
export function observeQueries(db: Database, observe: QueryObserver | undefined): void {
  const timing = timingOfPool.get(db.$client);
  if (!timing) throw new Error('observeQueries needs a database made by createDatabase');
  timing.observe = observe;
}

/**
 * Runs `query` (the client's own), telling `observe` its duration once it answered or failed: the
 * callback form (pool.query's) gets a wrapped callback, the promise form one more `then`. A
 * submittable (a cursor, a stream) is not timed: it answers in parts.
 */
function timedQuery(
  client: pg.Client,
  query: (...all: unknown[]) => never,
  args: unknown[],
  observe: QueryObserver,
): never {
  const startedAt = performance.now();
  const done = () => observe((performance.now() - startedAt) / 1000);
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (error: unknown, result: unknown) => {
      done();
      (callback as (error: unknown, result: unknown) => void)(error, result);
    };
    return query.apply(client, args);
  }
  const result = query.apply(client, args) as unknown;
  if (result instanceof Promise) result.then(done, done);
  return result as never;
}

/** A pg.Client whose repeated parameterized statements are prepared (see StatementNamer). */
function preparingClient(namer: StatementNamer, timing: QueryTiming): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfigLike | string | null | undefined, unknown];
      const hasValues = Array.isArray(values) ? values.length > 0 : Array.isArray((config as QueryConfigLike)?.values);
      if (
        hasValues &&
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        typeof config.submit !== 'function'
      ) {
        const name = this.#nameOf(config.text);
        if (name !== undefined) args[0] = { ...config, name };
      }
      const query = super.query as (...all: unknown[]) => never;
      const observe = timing.observe;
      if (observe === undefined || typeof (args[0] as QueryConfigLike | null)?.submit === 'function') {
        return query.apply(this, args);
      }
      return timedQuery(this, query, args, observe);
    }

    #nameOf(text: string): string | undefined {
      return namer.nameOf(text);
    }
  };
}

/** Opens the connection pool and the Drizzle handle over it. */
export function createDatabase(options: { url: string; max: number; logger: Logger }): Database {
  const timing: QueryTiming = { observe: undefined };
  const pool = new pg.Pool({
    Client: preparingClient(new StatementNamer(), timing),
    connectionString: options.url,
    max: options.max,
    application_name: 'townhall',
    connectionTimeoutMillis: POOL_CHECKOUT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // Every statement is planned once per connection, without its values (decision 028). In the
    // default mode PostgreSQL planned some reads again on every execution because their plan
    // for one large group looked cheaper than the shared plan: the question queue's page for a
    // visitor spent 2 ms planning and 0.4 ms running, and a list of sessions half its time.
    options: '-c plan_cache_mode=force_generic_plan',
    // notices a connection whose server vanished without closing it (a cut network, a VM gone)
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that loses its connection emits here; the pool has already dropped it.
  pool.on('error', (error) => logDatabaseError(options.logger, 'warn', error, 'idle database connection lost'));
  // A checked-out one emits on the client itself (see guardClientErrors); its query reports it.
  pool.on('connect', (client) => guardClientErrors(client));
  reportCheckoutFailures(pool);
  timingOfPool.set(pool, timing);
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}

/**
 * A pool of `max` connections of its own to the database `db` reaches, with the same settings: for
 * work that must not queue behind the requests waiting for one of the main pool's connections.
 * The caller ends it (`$client.end()`).
 */
export function separatePool(db: Database, max: number): Database {
  const pool = new pg.Pool({ ...db.$client.options, max });
  // an idle connection lost (the server restarted): the pool drops it, and the next query fails or reconnects
  pool.on('error', () => undefined);
  pool.on('connect', (client) => guardClientErrors(client));
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}

/** Runs a statement outside any transaction against the server that `url` names. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'townhall-admin' });
  guardClientErrors(client);
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
