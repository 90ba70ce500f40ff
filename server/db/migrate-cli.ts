// `npm run db:migrate`: applies the committed migrations to the configured database
// (DATABASE_URL, or the embedded server under DATA_DIR) and exits.
import { pino } from 'pino';
import { loadConfig } from '../config/env.ts';
import { ensureDataDir, loadOrCreateSecrets, lockDataDir } from '../lib/data-dir.ts';
import { openDatabase } from '../main.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'info' });
ensureDataDir(config.dataDir);
const release = lockDataDir(config.dataDir);
try {
  const database = await openDatabase(config, loadOrCreateSecrets(config.dataDir).postgresPassword, logger);
  try {
    await runMigrations(database.databaseUrl, logger);
  } finally {
    await database.close();
  }
} finally {
  release();
}
