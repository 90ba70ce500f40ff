import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import type { AppConfig } from '../config/env.ts';
import { guardClientErrors } from '../db/client.ts';
import { checkDisk, checkJobs, checkMail, checkMigrations, checkSecrets, countProcesses } from './doctor-checks.ts';
import {
  checkCounter,
  COUNTERS,
  counterResults,
  describeCounterPlan,
  describeCounterRepair,
  repairCounter,
  type CounterFinding,
} from './doctor-counters.ts';
import {
  checkImages,
  describeOrphanPlan,
  describeOrphanRemoval,
  imageResults,
  removeOrphans,
  type ImageFindings,
} from './doctor-images.ts';
import {
  describeDatabaseUrl,
  errorMessage,
  formatResult,
  plural,
  Redactor,
  type CheckResult,
  type Write,
} from './doctor-report.ts';
import { openInstallationDatabase, type InstallationDatabase } from './installation-database.ts';

export interface DoctorOptions {
  config: AppConfig;
  /** Fix what can be fixed (counters, orphaned files) after printing the plan. */
  repair: boolean;
  /** Where each line goes. */
  write: Write;
  /** For the embedded server's own messages, when the doctor has to start it; warnings to stderr by default. */
  logger?: FastifyBaseLogger;
}

export interface DoctorOutcome {
  /** 0 when no problem is left, 1 otherwise. */
  exitCode: 0 | 1;
  /** The final result of every check (after the repair, with --repair). */
  results: CheckResult[];
}

/** What the checks that read the database found, kept for the repair. */
interface DatabaseFindings {
  counters: CounterFinding[] | undefined;
  images: ImageFindings | undefined;
  processes: number | undefined;
}

/**
 * `npm run doctor`: checks an installation, running or stopped, embedded or on DATABASE_URL,
 * and prints one line per check; with `repair`, prints the plan, then fixes the counters and
 * removes the orphaned files, then checks those again. Never throws for what it finds: every
 * failure becomes a line.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorOutcome> {
  const { config } = options;
  const redactor = new Redactor();
  redactor.addUrl(config.databaseUrl);
  redactor.addUrl(config.smtpUrl);
  redactor.addUrl(config.redisUrl);
  redactor.add(config.sessionSecret);
  redactor.add(config.s3?.secretAccessKey);
  redactor.add(config.google?.clientSecret);
  const write: Write = (line) => options.write(redactor.clean(line));
  const print = (results: CheckResult[]) => {
    for (const result of results) write(formatResult(result));
  };

  const mediaRoot = path.join(config.dataDir, 'media');
  write(
    `Townhall doctor: DATA_DIR ${config.dataDir}, ` +
      (config.databaseUrl ? `database ${describeDatabaseUrl(config.databaseUrl)}` : 'embedded database') +
      (config.s3 ? `, images also in the bucket ${config.s3.bucket}` : '') +
      '.',
  );
  write('');

  const dataDirExists = fs.existsSync(config.dataDir);
  let installation: InstallationDatabase | undefined;
  let client: pg.Client | undefined;
  const results: CheckResult[] = [];
  // each line as soon as its check is done: the counters of a large site take a while
  const add = (...more: CheckResult[]) => {
    results.push(...more);
    print(more);
  };
  try {
    if (!dataDirExists) {
      add({
        status: 'problem',
        check: 'data',
        message: `The data directory ${config.dataDir} does not exist.`,
        fix: 'Set DATA_DIR to the data directory of the installation (./data by default).',
      });
    }
    const opened = await openDatabase(config, options.logger);
    installation = opened.installation;
    client = opened.client;
    if (opened.client) redactor.addUrl(opened.installation?.url);
    add(opened.result);

    let found: DatabaseFindings = { counters: undefined, images: undefined, processes: undefined };
    if (client && installation) {
      found = await checkDatabase(client, installation, config, mediaRoot, add);
    }
    add(...checkSecrets(config, { processes: found.processes }));
    add(...(await checkDisk(diskFolders(config.dataDir, dataDirExists))));

    if (options.repair) {
      write('');
      if (!client || !installation) {
        write('Nothing repaired: the repairs need the database.');
      } else {
        const repaired = await repair(client, config, mediaRoot, found, write);
        if (repaired) {
          // the checks the repair concerns, once more: what the site has now
          write('');
          write('After the repair:');
          const again = await recheck(client, config, mediaRoot);
          print(again);
          const replaced = new Set(again.map((result) => result.check));
          const kept = results.filter((result) => !replaced.has(result.check));
          results.splice(0, results.length, ...kept, ...again);
        }
      }
    }
  } finally {
    await client?.end().catch(() => undefined);
    await installation
      ?.close()
      .catch((error: unknown) => write(`(could not stop the database the doctor started: ${errorMessage(error)})`));
  }

  const problems = results.filter((result) => result.status === 'problem').length;
  const warnings = results.filter((result) => result.status === 'warning').length;
  write('');
  write(
    problems > 0
      ? `${plural(problems, 'problem')}${warnings > 0 ? ` and ${plural(warnings, 'warning')}` : ''}.`
      : `No problem${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}.`,
  );
  return { exitCode: problems > 0 ? 1 : 0, results };
}

/** DATA_DIR, and its backups folder when it has one, each on its own line. */
function diskFolders(dataDir: string, dataDirExists: boolean): { label: string; path: string }[] {
  // a DATA_DIR that does not exist: its parent says what the disk would hold
  const folders = [{ label: 'DATA_DIR', path: dataDirExists ? dataDir : path.dirname(dataDir) }];
  const backups = path.join(dataDir, 'backups');
  if (fs.existsSync(backups)) folders.push({ label: 'the backups folder', path: backups });
  return folders;
}

/** Reaches the installation's database, or says why not (one problem line, no stack). */
async function openDatabase(
  config: AppConfig,
  logger: FastifyBaseLogger | undefined,
): Promise<{ installation: InstallationDatabase | undefined; client: pg.Client | undefined; result: CheckResult }> {
  const where = config.databaseUrl
    ? describeDatabaseUrl(config.databaseUrl)
    : `the embedded server in ${path.join(config.dataDir, 'postgres')}`;
  const unreachable = (error: unknown, embeddedFix: string) => ({
    installation: undefined,
    client: undefined,
    result: {
      status: 'problem' as const,
      check: 'database',
      message: `${where} cannot be reached: ${sentence(errorMessage(error))} The checks of the database were not run.`,
      fix: config.databaseUrl
        ? 'Check that PostgreSQL runs and that DATABASE_URL (host, port, user, password, database) is right.'
        : embeddedFix,
    },
  });
  let installation: InstallationDatabase;
  try {
    installation = await openInstallationDatabase(config, logger ?? pino({ level: 'warn' }, pino.destination(2)));
  } catch (error) {
    return unreachable(error, 'Check DATA_DIR; if another program holds the data directory, stop it.');
  }
  const client = new pg.Client({
    connectionString: installation.url,
    application_name: 'townhall-doctor',
    connectionTimeoutMillis: 10_000,
  });
  guardClientErrors(client);
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>(`select current_setting('server_version') as version`);
    const how = {
      external: '',
      'embedded-running': ' (the embedded server of the running site)',
      'embedded-started': ' (the embedded server, started by the doctor: the site is stopped)',
    }[installation.kind];
    return {
      installation,
      client,
      result: {
        status: 'ok',
        check: 'database',
        message: `PostgreSQL ${rows[0]?.version.split(' ')[0] ?? '?'} answers at ${describeDatabaseUrl(installation.url)}${how}.`,
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    await installation.close().catch(() => undefined);
    return unreachable(
      error,
      'Check that the embedded server runs (or stop Townhall, so the doctor starts it), and DATA_DIR/secrets.json.',
    );
  }
}

/** A message as a sentence: with its closing period. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Runs `check`, turning a failure into one problem line of `area`. */
async function guarded<T>(area: string, what: string, check: () => Promise<T>): Promise<T | CheckResult> {
  try {
    return await check();
  } catch (error) {
    return { status: 'problem', check: area, message: `${what} could not be checked: ${errorMessage(error)}.` };
  }
}

function isResult(value: unknown): value is CheckResult {
  return typeof value === 'object' && value !== null && 'status' in value && 'check' in value && 'message' in value;
}

async function checkCounters(client: pg.Client): Promise<{ findings: CounterFinding[]; results: CheckResult[] }> {
  const findings: CounterFinding[] = [];
  const results: CheckResult[] = [];
  for (const counter of COUNTERS) {
    const finding = await guarded('counters', counter.name, () => checkCounter(client, counter));
    if (isResult(finding)) results.push(finding);
    else findings.push(finding);
  }
  return { findings, results: [...counterResults(findings), ...results] };
}

async function checkImageFiles(
  client: pg.Client,
  config: AppConfig,
  mediaRoot: string,
): Promise<{ findings: ImageFindings | undefined; results: CheckResult[] }> {
  const storeOptions = { mediaRoot, s3: config.s3 };
  const findings = await guarded('images', 'The image files', () => checkImages(client, storeOptions));
  if (isResult(findings)) return { findings: undefined, results: [findings] };
  return { findings, results: imageResults(findings, storeOptions) };
}

async function checkDatabase(
  client: pg.Client,
  installation: InstallationDatabase,
  config: AppConfig,
  mediaRoot: string,
  add: (...results: CheckResult[]) => void,
): Promise<DatabaseFindings> {
  add(await guarded('migrations', 'The migrations', () => checkMigrations(client)));
  const counters = await checkCounters(client);
  add(...counters.results);
  const images = await checkImageFiles(client, config, mediaRoot);
  add(...images.results);
  const siteRunning = installation.kind === 'external' ? undefined : installation.kind === 'embedded-running';
  const jobs = await guarded('jobs', 'The job queues', () => checkJobs(client, { siteRunning }));
  add(...(isResult(jobs) ? [jobs] : jobs));
  add(await guarded('mail', 'The mail outbox', () => checkMail(client, { smtpConfigured: Boolean(config.smtpUrl) })));
  const processes = await countProcesses(client).catch(() => undefined);
  return { counters: counters.findings, images: images.findings, processes };
}

/**
 * Prints the plan (every fix, before any), then makes each fix and prints what it did. Returns
 * whether anything was planned.
 */
async function repair(
  client: pg.Client,
  config: AppConfig,
  mediaRoot: string,
  found: DatabaseFindings,
  write: Write,
): Promise<boolean> {
  const counters = (found.counters ?? []).filter((finding) => finding.total > 0);
  const orphans = found.images?.orphans ?? { local: [], s3: [] };
  const bucket = `the bucket ${config.s3?.bucket ?? ''}`;
  const plan = [
    ...counters.map(describeCounterPlan),
    ...(orphans.local.length > 0 ? [describeOrphanPlan(orphans.local, mediaRoot)] : []),
    ...(orphans.s3.length > 0 ? [describeOrphanPlan(orphans.s3, bucket)] : []),
  ];
  if (plan.length === 0) {
    write('Nothing to repair: the counters equal their rows and no file is orphaned.');
    return false;
  }
  write('Repair plan:');
  for (const step of plan) write(`  - ${step}`);
  const missing = found.images?.missing.length ?? 0;
  if (missing > 0)
    write(`  (not repairable here: ${plural(missing, 'image')} with missing files; restore them from a backup)`);
  write('');
  write('Repairing:');
  for (const finding of counters) {
    try {
      write(`  - ${describeCounterRepair(await repairCounter(client, finding.counter))}`);
    } catch (error) {
      write(`  - ${finding.counter.name}: NOT repaired (${errorMessage(error)}); run the repair again.`);
    }
  }
  if (found.images && (orphans.local.length > 0 || orphans.s3.length > 0)) {
    try {
      for (const removal of await removeOrphans(client, found.images, { mediaRoot, s3: config.s3 })) {
        write(`  - ${describeOrphanRemoval(removal, removal.storage === 'local' ? mediaRoot : bucket)}`);
      }
    } catch (error) {
      write(`  - the orphaned files were NOT removed (${errorMessage(error)}); run the repair again.`);
    }
  }
  return true;
}

/** The counter and image checks again, after a repair. */
async function recheck(client: pg.Client, config: AppConfig, mediaRoot: string): Promise<CheckResult[]> {
  const counters = await checkCounters(client);
  const images = await checkImageFiles(client, config, mediaRoot);
  return [...counters.results, ...images.results];
}
