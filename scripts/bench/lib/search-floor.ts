// The read floor: what this stack does on this machine with nothing of the app in the way.
// A bare Fastify 5 + node-postgres Pool(10) serving a 20-row keyset list (newest first, `id < cursor`)
// from a 100,000-row table, started as a child process like the real server. A read bench measures
// it interleaved with the app (same connections, same durations, alternating rounds) and prints each
// read's ratio to it.
//
// This file is also the entry of the floor's child process (READ_FLOOR_ROLE=floor).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BenchError } from './bench-server.ts';

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '../../..');

/** The floor's table, made in the bench database (it is dropped with it). */
export const FLOOR_TABLE = 'bench_floor_items';
export const FLOOR_ROWS = 100_000;
const PAGE = 20;

/** Makes (once) and fills the floor's table in the database of `databaseUrl`. */
export async function prepareFloorTable(databaseUrl: string, rows = FLOOR_ROWS): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'townhall-bench-floor' });
  await client.connect();
  try {
    await client.query(`create table if not exists ${FLOOR_TABLE} (
      id bigint primary key, title text not null, author text not null,
      like_count integer not null, created_at timestamptz not null)`);
    const existing = await client.query<{ n: string }>(`select count(*) as n from ${FLOOR_TABLE}`);
    if (Number(existing.rows[0]?.n) < rows) {
      await client.query(`truncate ${FLOOR_TABLE}`);
      await client.query(
        `insert into ${FLOOR_TABLE} (id, title, author, like_count, created_at)
         select i, 'Item number ' || i || ' ' || md5(i::text), 'u' || (i % 1000), (i * 7) % 500,
                now() - (i || ' seconds')::interval
           from generate_series(1, $1::int) as i`,
        [rows],
      );
      await client.query(`vacuum (analyze) ${FLOOR_TABLE}`);
    }
  } finally {
    await client.end();
  }
}

/** The floor's requests: pages of the list from cursors spread over the table (they rotate). */
export function floorPaths(rows = FLOOR_ROWS): string[] {
  return Array.from({ length: 8 }, (_, index) => `/floor/items?before=${Math.round(((index + 1) * rows) / 9)}`);
}

export interface ReadFloor {
  url: string;
  pid: number | undefined;
  /** The requests autocannon rotates over. */
  paths: string[];
}

/**
 * Starts the floor as a child process on `databaseUrl` (its table made first, see
 * prepareFloorTable). `onCleanup` receives the step that stops it.
 */
export async function startReadFloor(options: {
  databaseUrl: string;
  pool?: number;
  onCleanup: (step: () => Promise<void>) => void;
}): Promise<ReadFloor> {
  await prepareFloorTable(options.databaseUrl);
  const floor = spawn(process.execPath, [thisFile], {
    cwd: root,
    env: {
      ...process.env,
      READ_FLOOR_ROLE: 'floor',
      READ_FLOOR_DATABASE_URL: options.databaseUrl,
      READ_FLOOR_POOL: String(options.pool ?? 10),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  options.onCleanup(async () => {
    if (floor.exitCode === null && floor.signalCode === null) {
      const exited = new Promise((resolve) => floor.once('exit', resolve));
      floor.kill('SIGTERM');
      const timer = setTimeout(() => floor.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    floor.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    floor.once('exit', (code) => reject(new BenchError(`the read floor server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const check = await fetch(`${url}${floorPaths()[0]}`);
  if (!check.ok) throw new BenchError(`the read floor answered ${check.status}: ${await check.text()}`);
  return { url, pid: floor.pid, paths: floorPaths() };
}

/** Loads the floor with autocannon as a read bench loads the app (same connections and duration). */
export async function loadFloor(
  floor: ReadFloor,
  options: { connections: number; duration: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: floor.url,
    connections: options.connections,
    duration: options.duration,
    requests: floor.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
}

/** "0.42×" (a over b), or "?" when b is nothing. */
export const floorRatio = (value: number, floorValue: number): string =>
  floorValue > 0 && Number.isFinite(value) ? `${(value / floorValue).toFixed(2)}×` : '?';

// ---------------------------------------------------------------------------------------------
// The floor's child process.

async function runFloor(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({
    connectionString: process.env.READ_FLOOR_DATABASE_URL,
    max: Number(process.env.READ_FLOOR_POOL ?? '10'),
    application_name: 'townhall-bench-floor',
  });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { before?: string } }>('/floor/items', async (request) => {
    const before = Number(request.query.before ?? Number.MAX_SAFE_INTEGER);
    const result = await pool.query({
      name: 'floor-items',
      text: `select id, title, author, like_count, created_at from ${FLOOR_TABLE}
              where id < $1 order by id desc limit ${PAGE}`,
      values: [before],
    });
    const last = result.rows.at(-1) as { id: string } | undefined;
    return { items: result.rows, nextCursor: last ? last.id : null };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`listening ${new URL(address).port}`);
  process.on('SIGTERM', () => {
    void app.close().then(() => pool.end().then(() => process.exit(0)));
  });
}

if (process.env.READ_FLOOR_ROLE === 'floor') await runFloor();
