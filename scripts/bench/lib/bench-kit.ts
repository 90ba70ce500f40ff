import pg from 'pg';

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
