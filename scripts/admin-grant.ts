// `npm run admin:grant -- <email>`: gives the admin role to the account with that e-mail, on the
// configured database (DATABASE_URL, or the embedded server under DATA_DIR, which must not be
// in use by a running Townhall: stop it first, or run this against DATABASE_URL).
import { pino } from 'pino';
import { loadConfig } from '../server/config/env.ts';
import { createDatabase } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { ensureDataDir, loadOrCreateSecrets, lockDataDir } from '../server/lib/data-dir.ts';
import { openDatabase } from '../server/main.ts';
import { grantAdmin } from '../server/features/admin/grant-admin.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}

const config = loadConfig();
const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
ensureDataDir(config.dataDir);
// The embedded server belongs to one process at a time; an external one is shared anyway.
const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
let exitCode = 0;
try {
  const database = await openDatabase(config, loadOrCreateSecrets(config.dataDir).postgresPassword, logger);
  try {
    await runMigrations(database.databaseUrl, logger);
    const db = createDatabase({ url: database.databaseUrl, max: 1, logger });
    try {
      const result = await grantAdmin(db, email);
      if (result === 'no-such-account') {
        console.error(`No account uses the e-mail ${email}. Sign up first, then run this again.`);
        exitCode = 1;
      } else {
        console.log(
          result === 'granted' ? `${email} is now an administrator.` : `${email} was already an administrator.`,
        );
      }
    } finally {
      await db.$client.end();
    }
  } finally {
    await database.close();
  }
} finally {
  release();
}
process.exit(exitCode);
