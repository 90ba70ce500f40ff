import pg from 'pg';
import { BenchError } from './bench-server.ts';

/** Numbers as the benchmark tables print them. */
export const count = (value: number) => value.toLocaleString('en-US');
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const millis = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** Cleanup steps, run in reverse on the way out, also after a failure or Ctrl-C. */
export const cleanups: (() => Promise<void>)[] = [];
export async function cleanup(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('cleanup step failed:', error);
    }
  }
}

/** The PostgreSQL server to make the bench database on. */
export function serverUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

/** Runs `fn` with one connection of its own to the server of `url`. */
export async function withServerClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'townhall-bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a bench's `main`: a BenchError is printed as one line, anything else with its stack; the
 * cleanup steps run on the way out, and on Ctrl-C before exiting 130. `exitAtEnd` exits once done,
 * for benches whose in-process app or pg-boss keeps timers alive.
 */
export async function runBench(main: () => Promise<void>, options: { exitAtEnd?: boolean } = {}): Promise<void> {
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('\nInterrupted: cleaning up…');
    void cleanup().then(() => process.exit(130));
  });
  try {
    await main();
  } catch (error) {
    if (error instanceof BenchError) console.error(`\nThe bench stopped: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  } finally {
    if (!interrupted) await cleanup();
    if (options.exitAtEnd) process.exit(process.exitCode ?? 0);
  }
}
