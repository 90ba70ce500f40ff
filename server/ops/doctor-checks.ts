import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { JOBS_APPLICATION_NAME, JOBS_SCHEMA } from '../lib/jobs.ts';
import { formatBytes, plural, type CheckResult } from './doctor-report.ts';

// ── migrations ──────────────────────────────────────────────────────────────────────────────

interface JournalEntry {
  tag: string;
  when: number;
}

/** The committed migrations, in order (drizzle-kit's journal). */
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Compares the journal with `drizzle.__drizzle_migrations`, the way Drizzle's migrator decides
 * (server/db/migrate.ts runs it): a migration is applied when a row has its `when` as
 * created_at, and the migrator applies every entry newer than the newest row. A row that no
 * entry has comes from a newer Townhall.
 */
export async function checkMigrations(client: pg.ClientBase, journal = readJournal()): Promise<CheckResult> {
  const { rows: exists } = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  const fix = 'Start Townhall (it applies its migrations at start) or run `npm run db:migrate`.';
  if (!exists[0]?.found) {
    return {
      status: 'problem',
      check: 'migrations',
      message: `No migration has been applied: this database was never set up by Townhall (${plural(journal.length, 'migration')} pending).`,
      fix,
    };
  }
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  const newest = Math.max(0, ...applied);
  const known = new Set(journal.map((entry) => entry.when));
  const pending = journal.filter((entry) => entry.when > newest);
  const skipped = journal.filter((entry) => entry.when <= newest && !applied.has(entry.when));
  const unknown = [...applied].filter((when) => !known.has(when));
  if (unknown.length > 0) {
    return {
      status: 'problem',
      check: 'migrations',
      message:
        `The database has ${plural(unknown.length, 'migration')} this Townhall does not know ` +
        `(applied as of ${unknown.map((when) => new Date(when).toISOString()).join(', ')}): a newer version of Townhall migrated it.`,
      fix: 'Run the Townhall version that migrated this database (or a newer one); an older one may misread its data.',
    };
  }
  if (pending.length > 0) {
    return {
      status: 'problem',
      check: 'migrations',
      message: `${plural(pending.length, 'migration')} ${pending.length === 1 ? 'is' : 'are'} not applied: ${pending.map((entry) => entry.tag).join(', ')}.`,
      fix,
    };
  }
  if (skipped.length > 0) {
    return {
      status: 'warning',
      check: 'migrations',
      message: `${plural(skipped.length, 'migration')} older than the newest applied one ${skipped.length === 1 ? 'was' : 'were'} never applied and never will be: ${skipped.map((entry) => entry.tag).join(', ')}.`,
      fix: 'Apply their SQL (server/db/migrations) by hand, or ask the Townhall maintainers.',
    };
  }
  const last = journal.at(-1);
  return {
    status: 'ok',
    check: 'migrations',
    message: `All ${journal.length} migrations are applied${last ? ` (the newest: ${last.tag})` : ''}.`,
  };
}

// ── job queues and the mail outbox ──────────────────────────────────────────────────────────

/** A due job not taken for this long says no worker takes its queue. */
export const JOB_WAIT_LIMIT_MINUTES = 15;

/**
 * pg-boss's tables (schema `pgboss`). pg-boss 12 keeps every job in `job` (finished ones for 7
 * days); pg-boss 10, whose schema Townhall upgrades at its next start (decision 044), moved
 * finished ones to `archive` after 12 h. States: created, retry, active, completed, cancelled,
 * failed. Workers show as the job pool's connections (`townhall-jobs`, one pool per process).
 */
export async function checkJobs(
  client: pg.ClientBase,
  options: { siteRunning: boolean | undefined },
): Promise<CheckResult[]> {
  const schema = JOBS_SCHEMA;
  const { rows: installed } = await client.query<{ job: boolean; archive: boolean }>(
    `select to_regclass('${schema}.job') is not null as job, to_regclass('${schema}.archive') is not null as archive`,
  );
  if (!installed[0]?.job) {
    return [
      {
        status: 'warning',
        check: 'jobs',
        message: 'The job queue is not installed: Townhall has not started on this database yet.',
        fix: 'Start Townhall once; it installs its queues at start.',
      },
    ];
  }
  const finished = (table: string) =>
    `select name from ${schema}.${table} where state = 'failed' and completed_on > now() - interval '24 hours'`;
  const { rows: failed } = await client.query<{ name: string; n: string }>(
    `select name, count(*) as n from (
       ${[finished('job'), ...(installed[0].archive ? [finished('archive')] : [])].join(' union all ')}
     ) failed group by name order by name`,
  );
  const { rows: waiting } = await client.query<{ name: string; n: string; oldest_minutes: string }>(
    `select name, count(*) as n, floor(extract(epoch from now() - min(start_after)) / 60) as oldest_minutes
     from ${schema}.job
     where state in ('created', 'retry') and start_after < now() - make_interval(mins => $1)
     group by name order by name`,
    [JOB_WAIT_LIMIT_MINUTES],
  );
  const { rows: workers } = await client.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1`,
    [JOBS_APPLICATION_NAME],
  );
  const { rows: recent } = await client.query<{ started: string | null }>(
    `select max(started_on)::text as started from ${schema}.job`,
  );
  const results: CheckResult[] = [];
  const workerConnections = Number(workers[0]?.n ?? 0);
  const lastStarted = recent[0]?.started ? new Date(recent[0].started) : undefined;
  const started = lastStarted ? ` The last job started ${lastStarted.toISOString()}.` : '';
  const notRunning =
    options.siteRunning === false
      ? 'Townhall is not running (the doctor started its database itself)'
      : 'No Townhall process is connected to the job queues';
  if (waiting.length > 0) {
    const total = waiting.reduce((sum, row) => sum + Number(row.n), 0);
    const queues = waiting
      .map((row) => `${row.name}: ${row.n}, the oldest due ${row.oldest_minutes} min ago`)
      .join('; ');
    results.push({
      status: 'problem',
      check: 'jobs',
      message:
        `${plural(total, 'job')} ${total === 1 ? 'has' : 'have'} waited more than ${JOB_WAIT_LIMIT_MINUTES} minutes (${queues}). ` +
        (workerConnections === 0
          ? `${notRunning}.`
          : `${plural(workerConnections, 'worker connection')} are open, yet the jobs are not taken.`),
      fix:
        workerConnections === 0
          ? 'Start Townhall: its workers take the waiting jobs.'
          : "Look at Townhall's log for job queue errors, and restart it if its workers are stuck.",
    });
  } else if (workerConnections === 0) {
    results.push({
      status: 'warning',
      check: 'jobs',
      message: `${notRunning}: e-mails, reminders and digests wait until it runs.${started}`,
      fix: 'Start Townhall if it should be running.',
    });
  } else {
    results.push({
      status: 'ok',
      check: 'jobs',
      message: `Workers are connected (${plural(workerConnections, 'connection')}) and no job has waited more than ${JOB_WAIT_LIMIT_MINUTES} minutes.${started}`,
    });
  }
  if (failed.length > 0) {
    const total = failed.reduce((sum, row) => sum + Number(row.n), 0);
    results.push({
      status: 'warning',
      check: 'jobs',
      message: `${plural(total, 'job')} failed for good in the last 24 hours (${failed.map((row) => `${row.name}: ${row.n}`).join(', ')}).`,
      fix: "Look at Townhall's log for why; failed e-mails are listed at /admin/mail.",
    });
  } else {
    results.push({ status: 'ok', check: 'jobs', message: 'No job failed in the last 24 hours.' });
  }
  return results;
}

/** The outbox (`mail_messages`): e-mails given up on, and e-mails queued for long (retrying). */
export async function checkMail(client: pg.ClientBase, options: { smtpConfigured: boolean }): Promise<CheckResult> {
  const { rows } = await client.query<{
    failed: string;
    failed_today: string;
    last_failed: string | null;
    retrying: string;
  }>(
    `select count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours') as failed_today,
            max(created_at) filter (where status = 'failed')::text as last_failed,
            count(*) filter (where status = 'queued' and created_at < now() - interval '1 hour') as retrying
     from mail_messages`,
  );
  const row = rows[0];
  const failed = Number(row?.failed ?? 0);
  const retrying = Number(row?.retrying ?? 0);
  const smtp = options.smtpConfigured ? '' : ' (SMTP_URL is not set: e-mails are only kept for administrators)';
  if (failed > 0) {
    return {
      status: 'warning',
      check: 'mail',
      message:
        `${plural(failed, 'e-mail')} could not be delivered (${row?.failed_today ?? 0} in the last 24 hours, the last queued ${row?.last_failed ?? '?'})` +
        `${retrying > 0 ? `, and ${plural(retrying, 'e-mail')} queued over an hour ago ${retrying === 1 ? 'is' : 'are'} still being retried` : ''}.`,
      fix: 'Open /admin/mail to see why (the last error of each), and check SMTP_URL.',
    };
  }
  if (retrying > 0) {
    return {
      status: 'warning',
      check: 'mail',
      message: `${plural(retrying, 'e-mail')} queued over an hour ago ${retrying === 1 ? 'is' : 'are'} still being retried.`,
      fix: 'Open /admin/mail to see the last error, and check SMTP_URL and that the SMTP server answers.',
    };
  }
  return { status: 'ok', check: 'mail', message: `No e-mail failed or waits for a retry${smtp}.` };
}

// ── secrets ─────────────────────────────────────────────────────────────────────────────────

/**
 * The session secret: SESSION_SECRET, or the sessionSecret of DATA_DIR/secrets.json, which
 * Townhall writes with mode 600. `processes` is the number of Townhall processes connected to the
 * database when it could be counted.
 */
export function checkSecrets(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'sessionSecret'>,
  options: { processes: number | undefined },
): CheckResult[] {
  const results: CheckResult[] = [];
  const file = path.join(config.dataDir, 'secrets.json');
  let fileSecret: 'absent' | 'present' | 'missing-key' | 'unreadable' = 'absent';
  let fileMode: number | undefined;
  let fileError = '';
  if (fs.existsSync(file)) {
    try {
      fileMode = fs.statSync(file).mode & 0o777;
      const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret?: unknown };
      fileSecret =
        typeof secrets.sessionSecret === 'string' && secrets.sessionSecret.length >= 32 ? 'present' : 'missing-key';
    } catch (error) {
      fileSecret = 'unreadable';
      fileError = (error as Error).message;
    }
  }
  if (config.sessionSecret) {
    results.push({ status: 'ok', check: 'secrets', message: 'SESSION_SECRET is set.' });
  } else if (fileSecret === 'present') {
    results.push({ status: 'ok', check: 'secrets', message: `The session secret is kept in ${file}.` });
  } else if (fileSecret === 'unreadable') {
    results.push({
      status: 'problem',
      check: 'secrets',
      message: `${file} cannot be read (${fileError.split('\n')[0]}): Townhall cannot start without it.`,
      fix: `Give the user that runs Townhall read access to it, or restore it from a backup (a new one would sign everyone out).`,
    });
  } else if (fileSecret === 'missing-key') {
    results.push({
      status: 'problem',
      check: 'secrets',
      message: `${file} holds no sessionSecret of 32 characters or more, and SESSION_SECRET is not set.`,
      fix: 'Set SESSION_SECRET (openssl rand -hex 32), or restore secrets.json from a backup.',
    });
  } else {
    results.push({
      status: 'warning',
      check: 'secrets',
      message: `SESSION_SECRET is not set and ${file} does not exist: Townhall will make a new secret at start, which signs everyone out.`,
      fix: 'Point DATA_DIR at the data directory of this installation, or set SESSION_SECRET.',
    });
  }
  if (fileMode !== undefined && (fileMode & 0o077) !== 0) {
    results.push({
      status: 'warning',
      check: 'secrets',
      message: `${file} can be read by other users of this machine (mode ${fileMode.toString(8).padStart(3, '0')}).`,
      fix: `Run: chmod 600 ${file}`,
    });
  }
  if (config.databaseUrl && !config.sessionSecret) {
    const several = options.processes !== undefined && options.processes > 1;
    results.push({
      status: 'warning',
      check: 'secrets',
      message:
        (several
          ? `${options.processes} Townhall processes share this database`
          : 'With DATABASE_URL, several processes can share the database') +
        ', but SESSION_SECRET is not set: each process signs sessions with the secret of its own DATA_DIR, so a person signed in on one is signed out by another.',
      fix: "Set the same SESSION_SECRET (openssl rand -hex 32) for every process; the secret of secrets.json keeps this one's sessions valid.",
    });
  }
  return results;
}

/** Townhall processes connected now: each has one LISTEN connection (`townhall-live`) without Redis. */
export async function countProcesses(client: pg.ClientBase): Promise<number | undefined> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'townhall-live'`,
  );
  const count = Number(rows[0]?.n ?? 0);
  // with REDIS_URL nothing listens: the processes cannot be counted this way
  return count > 0 ? count : undefined;
}

// ── disk ────────────────────────────────────────────────────────────────────────────────────

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** Below either of these, a warning; below either of the next, a problem. */
export const DISK_WARNING = { fraction: 0.1, bytes: 2 * GiB };
export const DISK_PROBLEM = { fraction: 0.02, bytes: 500 * MiB };

/** How a file system's free space rates. */
export function rateFreeSpace(free: number, total: number): 'ok' | 'warning' | 'problem' {
  const fraction = total > 0 ? free / total : 0;
  if (fraction < DISK_PROBLEM.fraction || free < DISK_PROBLEM.bytes) return 'problem';
  if (fraction < DISK_WARNING.fraction || free < DISK_WARNING.bytes) return 'warning';
  return 'ok';
}

/** Free space of the file system of each folder (DATA_DIR, its backups folder when there is one). */
export async function checkDisk(folders: { label: string; path: string }[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const folder of folders) {
    let stats: fs.StatsFs;
    try {
      stats = await fs.promises.statfs(folder.path);
    } catch (error) {
      results.push({
        status: 'problem',
        check: 'disk',
        message: `The free space of ${folder.label} (${folder.path}) cannot be read: ${(error as Error).message}.`,
        fix: 'Check that the folder exists and can be read.',
      });
      continue;
    }
    const free = Number(stats.bavail) * Number(stats.bsize);
    const total = Number(stats.blocks) * Number(stats.bsize);
    const status = rateFreeSpace(free, total);
    const percent = total > 0 ? ((free / total) * 100).toFixed(1) : '0';
    const numbers = `${formatBytes(free)} free of ${formatBytes(total)} (${percent} %)`;
    results.push({
      status,
      check: 'disk',
      message:
        status === 'ok'
          ? `${folder.label} (${folder.path}): ${numbers}.`
          : `${folder.label} (${folder.path}) is ${status === 'problem' ? 'nearly full' : 'filling up'}: ${numbers}; ` +
            `${status === 'problem' ? `a problem below ${DISK_PROBLEM.fraction * 100} % or ${formatBytes(DISK_PROBLEM.bytes)}` : `a warning below ${DISK_WARNING.fraction * 100} % or ${formatBytes(DISK_WARNING.bytes)}`}.`,
      fix: 'Free space or grow the disk: PostgreSQL stops writing, and uploads fail, when it is full.',
    });
  }
  return results;
}
