// `npm run demo`: fills an empty Townhall (the database `npm start` would use: the embedded one
// under DATA_DIR, or DATABASE_URL) with a believable community, through the real API, in-process.
import { pino } from 'pino';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config/env.ts';
import { withClient } from '../../server/db/client.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { DemoRefusedError, DEMO_REFUSAL, seedDemo } from './seed-demo.ts';
import { DataDirLockedError, ensureDataDir, loadOrCreateSecrets, lockDataDir } from '../../server/lib/data-dir.ts';
import { openDatabase } from '../../server/main.ts';

const startedAt = Date.now();
const cleanups: (() => Promise<void> | void)[] = [];
const cleanup = async () => {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.warn('A shutdown step failed:', error);
    }
  }
};

let exitCode = 0;
let usesDatabaseUrl = false;
try {
  const loaded = loadConfig();
  usesDatabaseUrl = loaded.databaseUrl !== undefined;
  // The demo's e-mails (welcomes, notifications) are kept in the database for the admin outbox,
  // never sent: demo addresses are on the reserved .test domain anyway.
  const config = { ...loaded, smtpUrl: undefined };
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
  ensureDataDir(config.dataDir);
  cleanups.push(lockDataDir(config.dataDir));
  const secrets = loadOrCreateSecrets(config.dataDir);

  console.log(
    `Townhall demo: ${config.databaseUrl ? 'database of DATABASE_URL' : `embedded database in ${config.dataDir}`}`,
  );
  const database = await openDatabase(config, secrets.postgresPassword, logger);
  cleanups.push(() => database.close());
  await runMigrations(database.databaseUrl, logger);

  // Checked before the app starts: its job queues would create their tables in the database.
  const isFilled = await withClient(database.databaseUrl, async (client) => {
    const result = await client.query<{ filled: boolean }>('select exists (select 1 from users) as filled');
    return result.rows[0]?.filled === true;
  });
  if (isFilled) throw new DemoRefusedError(DEMO_REFUSAL);

  const app = await buildApp({
    config: { ...config, sessionSecret: config.sessionSecret ?? secrets.sessionSecret },
    databaseUrl: database.databaseUrl,
    logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' },
  });
  cleanups.push(() => app.close());
  await app.ready();

  const summary = await seedDemo({
    app,
    log: (line) => console.log(`${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s  ${line}`),
  });
  const { counts } = summary;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`
Done in ${seconds} s: ${counts.accounts} accounts (${counts.creators} creators), ${counts.groups} groups (${counts.amaGroups} with live Q&A),
${counts.follows} follows, ${counts.subscriptions} subscriptions, ${counts.members} members, ${counts.images} images,
${counts.posts} posts, ${counts.comments} comments, ${counts.likes} likes and votes,
${counts.questions} questions, ${counts.answers} answers, ${counts.sessions} AMA sessions (one live now, one tomorrow, one past).

Every demo account's password: ${summary.password}
  Administrator: ${summary.admin.email}  (@${summary.admin.username}, role ${summary.admin.role})
${summary.suggestedAccounts.map((account) => `  ${account.email.padEnd(36)} @${account.username}: ${account.why}`).join('\n')}

Now run: ${process.env.DATA_DIR ? `DATA_DIR=${process.env.DATA_DIR} ` : ''}npm start${config.databaseUrl ? ' (with the same DATABASE_URL)' : ''}
Then open ${config.publicUrl}`);
} catch (error) {
  exitCode = 1;
  if (error instanceof DemoRefusedError) {
    console.error(
      usesDatabaseUrl
        ? 'The database of DATABASE_URL already has accounts; npm run demo only fills an empty one. Point DATABASE_URL at a new, empty database.'
        : error.message,
    );
  } else if (error instanceof DataDirLockedError) {
    console.error(
      `npm run demo cannot run: the data directory is in use.\n${error.message}\n` +
        'If Townhall is running (npm start), stop it first; npm run demo only fills an empty data directory.',
    );
  } else if (error instanceof ConfigError) {
    console.error(`npm run demo cannot start.\n${error.message}`);
  } else {
    console.error('npm run demo failed:', error);
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
