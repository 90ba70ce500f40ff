// The floor of a read: a bare Fastify 5 + node-postgres Pool(10) server answering a 20-row keyset
// page of a 100,000-row table, with no session, no schema validation and no framework of ours. What
// the same stack does on the same machine, measured in the same run as the real server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { BenchError } from './bench-server.ts';

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '../../..');

/** Rows of the floor's table. */
export const FLOOR_ROWS = 100_000;

/** Creates and fills the floor's table (bench_floor) in the bench database. */
export async function createFloorTable(client: pg.Client): Promise<void> {
  await client.query(`create table bench_floor (
      id bigint primary key,
      title text not null,
      author text not null,
      score integer not null,
      created_at timestamptz not null)`);
  await client.query(
    `insert into bench_floor (id, title, author, score, created_at)
     select i, 'Item number ' || i || ' of the floor table', 'person_' || (i % 5000), (i * 37) % 1000,
            now() - (i || ' seconds')::interval
       from generate_series(1, $1::int) as i`,
    [FLOOR_ROWS],
  );
  await client.query('create index bench_floor_created_idx on bench_floor (created_at desc, id desc)');
  await client.query('vacuum (analyze) bench_floor');
}

/** The child's side: GET /items?before=<iso>&id=<n> answers the 20 rows before that key. */
async function serveFloor(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.READ_FLOOR_DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/items', async (request) => {
    const query = request.query as { before?: string; id?: string };
    const result = query.before
      ? await pool.query(
          `select id, title, author, score, created_at from bench_floor
            where (created_at, id) < ($1::timestamptz, $2::bigint) order by created_at desc, id desc limit 20`,
          [query.before, query.id ?? '0'],
        )
      : await pool.query(
          'select id, title, author, score, created_at from bench_floor order by created_at desc, id desc limit 20',
        );
    const last = result.rows.at(-1) as { id: string; created_at: Date } | undefined;
    return { items: result.rows, next: last ? { before: last.created_at.toISOString(), id: last.id } : null };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`listening ${new URL(address).port}`);
  process.on('SIGTERM', () => {
    void app.close().then(() => pool.end().then(() => process.exit(0)));
  });
}

/** Starts the floor server as a child process (as the real server is one); its URL and pid. */
export async function startReadFloor(
  databaseUrl: string,
  onCleanup: (step: () => Promise<void>) => void,
): Promise<{ url: string; pid: number | undefined }> {
  const child = spawn(process.execPath, [thisFile], {
    cwd: root,
    env: { ...process.env, READ_FLOOR_ROLE: 'floor', READ_FLOOR_DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new BenchError(`the floor server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
}

if (process.env.READ_FLOOR_ROLE === 'floor' && process.argv[1] === thisFile) await serveFloor();
