import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { guardClientErrors } from './client.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the committed SQL migrations. An advisory lock makes processes that start at the
 * same time on one database take turns; the later ones find nothing left to do.
 */
export async function runMigrations(url: string, logger: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'townhall-migrate' });
  // a broken connection fails the running statement, and so the start; it must not also throw from an event
  guardClientErrors(client);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', ['townhall:migrations']);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', ['townhall:migrations']);
    }
    logger.info('database schema is up to date');
  } finally {
    await client.end();
  }
}
