import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import * as tar from 'tar';
import type { AppConfig } from '../config/env.ts';
import { ensureDatabase, withClient } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { ensureDataDir, loadOrCreateSecrets, lockDataDir } from '../lib/data-dir.ts';
import {
  checksumFile,
  compareDataVersion,
  describeMigrations,
  DUMP_FILE,
  FORMAT_VERSION,
  knownMigrations,
  listFiles,
  MANIFEST_FILE,
  ManifestSchema,
  MEDIA_DIR,
  SESSION_SECRET_FILE,
  type ArchiveManifest,
} from './archive-manifest.ts';
import { EMBEDDED_DATABASE } from './installation-database.ts';
import { OpsError } from './ops-error.ts';
import { choosePgTool, runPgTool, toolConnection, type PgTool } from './pg-tools.ts';

export interface RestoreResult {
  manifest: ArchiveManifest;
  /** 'older': the migrations of this code were applied after the restore. */
  dataVersion: 'same' | 'older';
  /** Sessions deleted: every browser signed in before must sign in again. */
  sessionsEnded: number;
  mediaFiles: number;
  restoreTool: PgTool;
  /** What the operator should know besides (S3 bucket, session secret). */
  notes: string[];
}

/**
 * What is deleted after a restore (decision 038): nothing issued before it may work again.
 * - sessions: every cookie issued before is refused (the rows are what a cookie is checked against);
 * - verifications: password-reset links and OAuth states, single-use tokens that may have been used
 *   since the backup and would work a second time;
 * - live_presence: the watchers of the old process, whose sockets are gone;
 * - page_changes: transaction ids of the old cluster (not in the archive; emptied should an older
 *   archive carry some), which a new cluster's transactions would be compared with.
 */
const FORGOTTEN_TABLES = ['sessions', 'verifications', 'live_presence', 'page_changes'] as const;

/** host:port/database of a URL, without its password, for messages. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

const quoteTable = (key: string) =>
  key
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

function clusterProblem(dataDir: string): string | undefined {
  const clusterDir = path.join(dataDir, 'postgres');
  if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
    return `The data directory ${dataDir} already holds a database (${clusterDir}): npm run restore only fills an empty data directory, so set DATA_DIR to a new, empty folder.`;
  }
  return undefined;
}

/** Townhall's schemas (public, drizzle, pgboss) must hold nothing: no table, view or sequence. */
async function databaseProblem(databaseUrl: string): Promise<string | undefined> {
  let relations: number;
  try {
    relations = await withClient(databaseUrl, async (client) => {
      const result = await client.query<{ count: string }>(
        `select count(*)::text as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname in ('public', 'drizzle', 'pgboss')`,
      );
      return Number(result.rows[0]?.count ?? 0);
    });
  } catch (error) {
    throw new OpsError(
      `The database of DATABASE_URL (${describeUrl(databaseUrl)}) cannot be reached: ${(error as Error).message}.`,
    );
  }
  if (relations > 0) {
    return `The database of DATABASE_URL (${describeUrl(databaseUrl)}) is not empty: npm run restore only fills an empty database, so point DATABASE_URL at a new, empty one.`;
  }
  return undefined;
}

/** Why the target is not empty, in one sentence; undefined when it is. */
async function targetProblem(config: AppConfig): Promise<string | undefined> {
  const problem = config.databaseUrl ? await databaseProblem(config.databaseUrl) : clusterProblem(config.dataDir);
  if (problem) return problem;
  const mediaDir = path.join(config.dataDir, 'media');
  if (listFiles(mediaDir).length > 0) {
    return `The data directory ${config.dataDir} already holds uploaded images (${mediaDir}): npm run restore only fills an empty data directory, so set DATA_DIR to a new, empty folder.`;
  }
  return undefined;
}

/** Extracts the archive into `staging`: regular files and folders only, as plain files of ours. */
async function extractArchive(archive: string, staging: string): Promise<void> {
  const foreign: string[] = [];
  try {
    await tar.x({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
        foreign.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    throw new OpsError(
      `${archive} is not a Townhall backup archive, or it is damaged (${(error as Error).message}); nothing was restored.`,
    );
  }
  if (foreign.length > 0) {
    throw new OpsError(
      `${archive} is not a Townhall backup archive: it holds ${foreign[0]}, which is no plain file; nothing was restored.`,
    );
  }
}

/** Reads and checks the manifest, then every file against its checksum; nothing unlisted may be there. */
async function verifyArchive(archive: string, staging: string): Promise<ArchiveManifest> {
  const manifestFile = path.join(staging, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) {
    throw new OpsError(
      `${archive} is not a Townhall backup archive (it has no ${MANIFEST_FILE}); nothing was restored.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new OpsError(`The manifest of ${archive} is damaged (not JSON); nothing was restored.`);
  }
  const format = raw as { format?: unknown; formatVersion?: unknown };
  if (format.format !== 'townhall-backup') {
    throw new OpsError(`${archive} is not a Townhall backup archive (its manifest is not ours); nothing was restored.`);
  }
  if (typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION) {
    throw new OpsError(
      `${archive} was made by a newer Townhall (archive format ${format.formatVersion}, this one reads ${FORMAT_VERSION}): restore it with that version or a newer one; nothing was restored.`,
    );
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OpsError(
      `The manifest of ${archive} is damaged (${issue?.path.join('.') || 'manifest'}: ${issue?.message}); nothing was restored.`,
    );
  }
  const manifest = parsed.data;
  const present = listFiles(staging).filter((file) => file !== MANIFEST_FILE);
  const listed = Object.keys(manifest.files);
  const unlisted = present.find((file) => !(file in manifest.files));
  if (unlisted) {
    throw new OpsError(`${archive} holds ${unlisted}, which its manifest does not list; nothing was restored.`);
  }
  const missing = listed.find((file) => !present.includes(file));
  if (missing) throw new OpsError(`${archive} lacks ${missing}, which its manifest lists; nothing was restored.`);
  for (const file of listed) {
    const expected = manifest.files[file];
    const actual = await checksumFile(path.join(staging, file));
    if (actual.sha256 !== expected?.sha256 || actual.bytes !== expected.bytes) {
      throw new OpsError(`${archive} is damaged: ${file} does not match its checksum; nothing was restored.`);
    }
  }
  if (!(DUMP_FILE in manifest.files)) {
    throw new OpsError(`${archive} holds no database (${DUMP_FILE}); nothing was restored.`);
  }
  return manifest;
}

/** The archive's table of contents without what this restore leaves out (see `restoreDatabase`). */
export function restoreList(toc: string, manifest: ArchiveManifest): string {
  const excludedData = new Set(manifest.database.excludedTableData);
  return toc
    .split('\n')
    .filter((line) => {
      // an extension's comment may only be set by its owner: a non-superuser restoring into a database where
      // pg_trgm already exists would fail on it (the extension itself is created with IF NOT EXISTS)
      if (/^\d+; \d+ \d+ COMMENT - EXTENSION /.test(line)) return false;
      const data = /^\d+; \d+ \d+ TABLE DATA (\S+) (\S+) /.exec(line);
      return !(data && excludedData.has(`${data[1]}.${data[2]}`));
    })
    .join('\n');
}

/** Rows of each of the manifest's tables in the restored database that differ from the manifest's count. */
async function compareRowCounts(url: string, manifest: ArchiveManifest): Promise<string | undefined> {
  return withClient(url, async (client) => {
    for (const [table, expected] of Object.entries(manifest.rowCounts)) {
      const exists = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
        quoteTable(table),
      ]);
      if (!exists.rows[0]?.found) return `table ${table} is missing`;
      const counted = await client.query<{ rows: string }>(`select count(*)::text as rows from ${quoteTable(table)}`);
      const rows = Number(counted.rows[0]?.rows ?? 0);
      if (rows !== expected) return `table ${table} has ${rows} rows, the manifest says ${expected}`;
    }
    return undefined;
  });
}

/**
 * `npm run restore -- <archive>` (decision 038): fills the empty installation named by DATA_DIR
 * (creating its embedded cluster) or by DATABASE_URL from an archive of `npm run backup`. A
 * non-empty target, a damaged or foreign archive and an archive of a newer data version are
 * refused before anything changes; a restore that fails later removes what it created in the data
 * directory. After pg_restore the row counts are compared with the manifest, this code's
 * migrations are applied, and every session ends.
 */
export async function restoreBackup(options: {
  config: AppConfig;
  archive: string;
  logger: FastifyBaseLogger;
  /** Aborted (SIGINT, SIGTERM): the restore stops and removes what it created; its reason is thrown. */
  signal?: AbortSignal;
}): Promise<RestoreResult> {
  const { config, logger, signal } = options;
  const archive = path.resolve(options.archive);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) {
    throw new OpsError(`There is no archive at ${archive}.`);
  }
  const problem = await targetProblem(config);
  if (problem) throw new OpsError(problem);

  const { dataDir } = config;
  const clusterDir = path.join(dataDir, 'postgres');
  const mediaDir = path.join(dataDir, 'media');
  const secretsFile = path.join(dataDir, 'secrets.json');
  const toolsDir = path.join(dataDir, 'tools');
  const existedBefore = {
    dataDir: fs.existsSync(dataDir),
    secrets: fs.existsSync(secretsFile),
    tools: fs.existsSync(toolsDir),
  };
  ensureDataDir(dataDir);
  let release: (() => void) | undefined;
  let staging: string | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let didFillExternal = false;
  let didMoveMedia = false;
  try {
    release = lockDataDir(dataDir);
    // again, now that no Townhall can start on it meanwhile
    const problemNow = await targetProblem(config);
    if (problemNow) {
      release();
      release = undefined;
      throw new OpsError(problemNow);
    }
    staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
    await extractArchive(archive, staging);
    const manifest = await verifyArchive(archive, staging);
    signal?.throwIfAborted();

    const dataVersion = compareDataVersion(manifest.dataVersion);
    if (dataVersion === 'newer') {
      const known = knownMigrations();
      throw new OpsError(
        `${archive} holds data version ${describeMigrations(manifest.dataVersion)}, newer than this Townhall knows ` +
          `(${known.at(-1)?.tag ?? 'none'}, ${known.length} migrations): restore it with Townhall ${manifest.app.version} or newer; nothing was restored.`,
      );
    }

    let url: string;
    if (config.databaseUrl) {
      url = config.databaseUrl;
    } else {
      const secrets = loadOrCreateSecrets(dataDir);
      embedded = await startEmbeddedPostgres({ dir: clusterDir, password: secrets.postgresPassword, logger });
      url = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    }

    const serverMajor = await withClient(url, async (client) => {
      const result = await client.query<{ version: string }>(`select current_setting('server_version_num') as version`);
      return Math.floor(Number(result.rows[0]?.version) / 10_000);
    });
    if (serverMajor < manifest.database.serverMajor) {
      throw new OpsError(
        `${archive} holds a PostgreSQL ${manifest.database.serverMajor} database and the target runs PostgreSQL ${serverMajor}: restore it into PostgreSQL ${manifest.database.serverMajor} or newer; nothing was restored.`,
      );
    }
    const restoreTool = await choosePgTool('pg_restore', {
      serverMajor,
      dataDir,
      atLeast: manifest.database.dumpTool.major,
    });
    const dumpFile = path.join(staging, DUMP_FILE);
    const listFile = path.join(staging, 'restore.list');
    fs.writeFileSync(
      listFile,
      restoreList(await runPgTool(restoreTool, ['--list', dumpFile], { stdout: 'collect', signal }), manifest),
    );
    const connection = toolConnection(url);
    // one transaction: a failure leaves the database as empty as it was
    await runPgTool(
      restoreTool,
      [
        `--dbname=${connection.dbname}`,
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--use-list=${listFile}`,
        dumpFile,
      ],
      { env: connection.env, signal },
    );
    didFillExternal = Boolean(config.databaseUrl);
    signal?.throwIfAborted();

    const mismatch = await compareRowCounts(url, manifest);
    if (mismatch) throw new OpsError(`The restored database does not match the archive's manifest: ${mismatch}.`);
    signal?.throwIfAborted();
    await runMigrations(url, logger);
    const sessionsEnded = await withClient(url, async (client) => {
      await client.query('begin');
      try {
        const ended = await client.query('delete from sessions');
        for (const table of FORGOTTEN_TABLES.filter((name) => name !== 'sessions')) {
          await client.query(`delete from ${quoteTable(table)}`);
        }
        await client.query('commit');
        return ended.rowCount ?? 0;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    });

    signal?.throwIfAborted();
    const notes: string[] = [];
    let mediaFiles = 0;
    const stagedMedia = path.join(staging, MEDIA_DIR);
    if (fs.existsSync(stagedMedia)) {
      mediaFiles = listFiles(stagedMedia).length;
      // only empty folders can be there (targetProblem): the archive's take their place
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.renameSync(stagedMedia, mediaDir);
      didMoveMedia = true;
    }
    if (manifest.media.storage === 's3') {
      notes.push(
        'The site kept new images in an S3 bucket, which is not in the archive: restore the bucket too and set S3_* to it.',
      );
    }

    if (manifest.hasSessionSecret) {
      const archived = JSON.parse(fs.readFileSync(path.join(staging, SESSION_SECRET_FILE), 'utf8')) as {
        sessionSecret?: unknown;
      };
      if (typeof archived.sessionSecret !== 'string' || archived.sessionSecret.length < 32) {
        throw new OpsError(`The session secret in ${archive} is damaged; nothing was restored.`);
      }
      // the old secret, so that unsubscribe links in e-mails already sent keep working; sessions ended all the same
      const current = loadOrCreateSecrets(dataDir);
      const temp = `${secretsFile}.${process.pid}.tmp`;
      fs.writeFileSync(temp, `${JSON.stringify({ ...current, sessionSecret: archived.sessionSecret }, null, 2)}\n`, {
        mode: 0o600,
      });
      fs.renameSync(temp, secretsFile);
      if (config.sessionSecret) {
        notes.push(
          "SESSION_SECRET is set, so Townhall uses it rather than the restored secret in secrets.json: unsubscribe links in e-mails sent before work only if it is the old site's.",
        );
      }
    } else if (!config.sessionSecret) {
      notes.push(
        'The archive holds no session secret (the old site had SESSION_SECRET set): set SESSION_SECRET to its old value, or unsubscribe links in e-mails already sent stop working.',
      );
    }
    return {
      manifest,
      dataVersion,
      sessionsEnded,
      mediaFiles,
      restoreTool,
      notes,
    };
  } catch (error) {
    // leave the data directory as it was: what this restore created goes (it was empty of these before);
    // without the lock nothing was created, and what is there may be another process's
    await embedded?.stop().catch(() => undefined);
    embedded = undefined;
    if (release) {
      if (!config.databaseUrl) fs.rmSync(clusterDir, { recursive: true, force: true });
      if (didMoveMedia) fs.rmSync(mediaDir, { recursive: true, force: true });
      if (!existedBefore.secrets) fs.rmSync(secretsFile, { force: true });
      if (!existedBefore.tools) fs.rmSync(toolsDir, { recursive: true, force: true });
    }
    if (didFillExternal && error instanceof Error) {
      error.message +=
        ' The database of DATABASE_URL now holds the restored data: empty it (or create a new one) before trying again.';
    }
    throw error;
  } finally {
    await embedded?.stop();
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    release?.();
    if (!existedBefore.dataDir && fs.existsSync(dataDir) && fs.readdirSync(dataDir).length === 0) {
      fs.rmdirSync(dataDir);
    }
  }
}

/** The lines `npm run restore` prints after restoring. */
export function describeRestore(result: RestoreResult, config: AppConfig): string {
  const { manifest } = result;
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
  const target = config.databaseUrl
    ? `the database of DATABASE_URL (${describeUrl(config.databaseUrl)})`
    : `the embedded database in ${config.dataDir}`;
  return (
    `Restored the backup of ${manifest.createdAt} into ${target}: ${rows.toLocaleString('en')} rows, ` +
    `${result.mediaFiles.toLocaleString('en')} image files, data version ${describeMigrations(manifest.dataVersion)}` +
    `${result.dataVersion === 'older' ? `, migrated to ${knownMigrations().at(-1)?.tag ?? 'the latest'}` : ''}; ` +
    `pg_restore ${result.restoreTool.version} (${result.restoreTool.source === 'bundled' ? "Townhall's own" : result.restoreTool.path}). ` +
    `${result.sessionsEnded === 1 ? '1 session' : `${result.sessionsEnded} sessions`} ended: everyone signs in again.`
  );
}
