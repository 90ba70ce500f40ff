import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../config/env.ts';
import { guardClientErrors } from '../db/client.ts';
import { isAlive } from '../lib/data-dir.ts';
import {
  appVersion,
  ARCHIVE_NAME,
  archiveName,
  checksumFile,
  describeDataVersion,
  DUMP_FILE,
  EXCLUDED_TABLE_DATA,
  FORMAT_VERSION,
  listFiles,
  MANIFEST_FILE,
  MEDIA_DIR,
  SESSION_SECRET_FILE,
  type ArchiveManifest,
} from './archive-manifest.ts';
import { openInstallationDatabase } from './installation-database.ts';
import { OpsError } from './ops-error.ts';
import { choosePgTool, runPgTool, toolConnection } from './pg-tools.ts';

export interface BackupResult {
  /** The archive written. */
  file: string;
  bytes: number;
  manifest: ArchiveManifest;
  /** Older archives removed by `keep`. */
  pruned: string[];
  /** What the operator should know besides (S3 bucket, SESSION_SECRET). */
  notes: string[];
}

/** `"schema"."table"` quoted for SQL. */
const quoteTable = (schema: string, table: string) =>
  `${[schema, table].map((part) => `"${part.replaceAll('"', '""')}"`).join('.')}`;

interface DatabaseFacts {
  serverVersion: string;
  serverMajor: number;
  dataVersion: ArchiveManifest['dataVersion'];
  rowCounts: Record<string, number>;
}

/**
 * Reads, inside the dump's snapshot, what the manifest says of the database: the server's version,
 * the migrations applied and the rows of every table (the excluded tables' data counts 0: it is not
 * in the archive).
 */
async function readDatabaseFacts(client: pg.Client): Promise<DatabaseFacts> {
  const version = await client.query<{ server_version: string; server_version_num: string }>(
    `select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`,
  );
  const serverVersion = (version.rows[0]?.server_version ?? '').split(' ')[0] ?? '';
  const serverMajor = Math.floor(Number(version.rows[0]?.server_version_num) / 10_000);

  const hasMigrations = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!hasMigrations.rows[0]?.found) {
    throw new OpsError(
      'The database has no Townhall schema (no drizzle.__drizzle_migrations table): start Townhall on it once, or check DATABASE_URL.',
    );
  }
  const migrations = await client.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations',
  );
  const meta = await client.query<{ value: string }>(`select value from public.app_meta where key = 'data_version'`);

  const tables = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const rowCounts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    const key = `${schema}.${name}`;
    if ((EXCLUDED_TABLE_DATA as readonly string[]).includes(key)) {
      rowCounts[key] = 0;
      continue;
    }
    const counted = await client.query<{ rows: string }>(
      `select count(*)::text as rows from ${quoteTable(schema, name)}`,
    );
    rowCounts[key] = Number(counted.rows[0]?.rows ?? 0);
  }
  return {
    serverVersion,
    serverMajor,
    dataVersion: describeDataVersion(
      migrations.rows.map((row) => Number(row.created_at)),
      meta.rows[0]?.value ?? null,
    ),
    rowCounts,
  };
}

/**
 * Puts the image files of DATA_DIR/media beside the dump: hard links where the archive's folder
 * is on the same file system (an image file is written once, by rename, and never changed), else
 * copies. Uploads being written (`*.partial`) and files removed meanwhile (a failed upload
 * cleaning up) are left out.
 */
function stageMedia(source: string, target: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (from: string, to: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(from, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    fs.mkdirSync(to, { recursive: true });
    for (const entry of entries) {
      const src = path.join(from, entry.name);
      const dst = path.join(to, entry.name);
      if (entry.isDirectory()) {
        walk(src, dst);
        continue;
      }
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      try {
        try {
          fs.linkSync(src, dst);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') throw error;
          fs.copyFileSync(src, dst);
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      files += 1;
      bytes += fs.statSync(dst).size;
    }
  };
  walk(source, target);
  return { files, bytes };
}

/** The session secret this installation generated, when it uses one (no SESSION_SECRET in the environment). */
function generatedSessionSecret(config: Pick<AppConfig, 'dataDir' | 'sessionSecret'>): string | undefined {
  if (config.sessionSecret) return undefined;
  try {
    const secrets = JSON.parse(fs.readFileSync(path.join(config.dataDir, 'secrets.json'), 'utf8')) as {
      sessionSecret?: unknown;
    };
    return typeof secrets.sessionSecret === 'string' ? secrets.sessionSecret : undefined;
  } catch {
    return undefined;
  }
}

/** The hidden working folder (and `.tar.partial` file) of a backup in progress: `.townhall-backup-<pid>-…`. */
const STAGING_PREFIX = '.townhall-backup-';

/** Removes what backups killed before they could clean up (their process is gone) left in `dir`. */
function removeAbandoned(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const match = /^\.townhall-backup-(\d+)-/.exec(name);
    if (match && !isAlive(Number(match[1]))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` archives of `dir`; returns the removed paths. */
export function pruneArchives(dir: string, keep: number): string[] {
  // by time, then by the number a second archive of the same second got (`…Z-2.tar`)
  const order = (name: string) => {
    const [, time = '', n = '1'] = /^townhall-backup-(.+Z)(?:-(\d+))?\.tar$/.exec(name) ?? [];
    return { time, n: Number(n) };
  };
  const archives = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x.time === y.time ? y.n - x.n : x.time < y.time ? 1 : -1;
    });
  const removed: string[] = [];
  for (const name of archives.slice(keep)) {
    const file = path.join(dir, name);
    fs.rmSync(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/**
 * `npm run backup` (decision 038): one archive of the installation while it keeps serving. The
 * database is dumped by pg_dump in one snapshot, in which the manifest's row counts are taken
 * too; the media folder is copied after the dump, so every image a row of the dump names is
 * there (image files are written before their row and never removed once it exists). Everything
 * is put together in a hidden folder and a `.partial` file beside the archive, which is renamed
 * into place at the end: a failed backup leaves no archive.
 */
export async function createBackup(options: {
  config: AppConfig;
  logger: FastifyBaseLogger;
  /** Where the archive goes; DATA_DIR/backups by default. */
  outDir?: string;
  /** Keep this many archives in the folder (this one included), removing older ones. */
  keep?: number;
  now?: () => Date;
  /** Aborted (SIGINT, SIGTERM): the backup stops and leaves nothing; its reason is thrown. */
  signal?: AbortSignal;
}): Promise<BackupResult> {
  const { config, logger, signal } = options;
  const now = options.now ?? (() => new Date());
  const outDir = path.resolve(options.outDir ?? path.join(config.dataDir, 'backups'));
  const startedAt = now();
  const notes: string[] = [];
  // first the installation (no backup folder is made for a data directory that holds none)
  const database = await openInstallationDatabase(config, logger);
  let staging: string | undefined;
  let partial: string | undefined;
  try {
    let facts: DatabaseFacts;
    let dumpTool: ArchiveManifest['database']['dumpTool'];
    try {
      try {
        fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
        fs.accessSync(outDir, fs.constants.W_OK);
      } catch (error) {
        throw new OpsError(`The backup folder ${outDir} cannot be written: ${(error as Error).message}.`);
      }
      removeAbandoned(outDir);
      staging = fs.mkdtempSync(path.join(outDir, `${STAGING_PREFIX}${process.pid}-`));
      partial = `${staging}.tar.partial`;
      signal?.throwIfAborted();
      const client = new pg.Client({ connectionString: database.url, application_name: 'townhall-backup' });
      guardClientErrors(client);
      await client.connect();
      try {
        // the snapshot pg_dump reads, exported while this transaction stays open; the counts are taken in it too
        await client.query('begin transaction isolation level repeatable read, read only');
        const exported = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
        facts = await readDatabaseFacts(client);
        const tool = await choosePgTool('pg_dump', { serverMajor: facts.serverMajor, dataDir: config.dataDir });
        dumpTool = { name: tool.name, path: tool.path, version: tool.version, major: tool.major, source: tool.source };
        const connection = toolConnection(database.url);
        await runPgTool(
          tool,
          [
            '--format=custom',
            `--snapshot=${exported.rows[0]?.snapshot ?? ''}`,
            ...EXCLUDED_TABLE_DATA.map((table) => `--exclude-table-data=${table}`),
            // a migration holding a table's lock makes the backup fail rather than wait for ever
            '--lock-wait-timeout=60000',
            `--file=${path.join(staging, DUMP_FILE)}`,
            `--dbname=${connection.dbname}`,
          ],
          { env: connection.env, signal },
        );
        await client.query('commit');
      } finally {
        await client.end().catch(() => undefined);
      }
    } finally {
      await database.close();
    }

    // after the dump: every image its rows name is on disk already, and stays there
    signal?.throwIfAborted();
    const media = stageMedia(path.join(config.dataDir, 'media'), path.join(staging, MEDIA_DIR));
    if (config.s3) {
      notes.push(
        `New images go to the S3 bucket "${config.s3.bucket}", which is not in this archive: back the bucket up with your storage provider's tools` +
          (media.files > 0 ? ` (the archive holds the ${media.files} image files still kept on local disk).` : '.'),
      );
    }

    const sessionSecret = generatedSessionSecret(config);
    if (sessionSecret) {
      fs.writeFileSync(path.join(staging, SESSION_SECRET_FILE), `${JSON.stringify({ sessionSecret })}\n`, {
        mode: 0o600,
      });
    } else if (config.sessionSecret) {
      notes.push(
        'SESSION_SECRET comes from the environment and is not in the archive: keep it with your backups, since unsubscribe links in e-mails already sent need it.',
      );
    }

    const files: ArchiveManifest['files'] = {};
    for (const file of listFiles(staging)) files[file] = await checksumFile(path.join(staging, file));
    const manifest: ArchiveManifest = {
      format: 'townhall-backup',
      formatVersion: FORMAT_VERSION,
      createdAt: startedAt.toISOString(),
      app: { name: 'townhall', version: appVersion() },
      dataVersion: facts.dataVersion,
      database: {
        source: config.databaseUrl ? 'external' : 'embedded',
        serverVersion: facts.serverVersion,
        serverMajor: facts.serverMajor,
        dumpTool,
        excludedTableData: [...EXCLUDED_TABLE_DATA],
      },
      rowCounts: facts.rowCounts,
      media: { storage: config.s3 ? 's3' : 'local', files: media.files, bytes: media.bytes },
      hasSessionSecret: sessionSecret !== undefined,
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // the archive holds password hashes and the session secret: only its owner may read it
    signal?.throwIfAborted();
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await tar.c({ cwd: staging, file: partial, portable: true, strict: true }, [
      MANIFEST_FILE,
      ...(sessionSecret ? [SESSION_SECRET_FILE] : []),
      DUMP_FILE,
      ...(fs.existsSync(path.join(staging, MEDIA_DIR)) ? [MEDIA_DIR] : []),
    ]);
    const handle = fs.openSync(partial, 'r');
    try {
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
    signal?.throwIfAborted();
    let target = path.join(outDir, archiveName(startedAt));
    for (let n = 2; fs.existsSync(target); n += 1) {
      target = path.join(outDir, archiveName(startedAt).replace(/\.tar$/, `-${n}.tar`));
    }
    fs.renameSync(partial, target);
    const pruned = options.keep === undefined ? [] : pruneArchives(outDir, options.keep);
    return { file: target, bytes: fs.statSync(target).size, manifest, pruned, notes };
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    if (partial) fs.rmSync(partial, { force: true });
  }
}

/** The one line `npm run backup` prints after the path. */
export function describeBackup(result: BackupResult): string {
  const { manifest } = result;
  const tables = Object.keys(manifest.rowCounts).length;
  const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
  const tool = manifest.database.dumpTool;
  const latest = manifest.dataVersion.latestMigration;
  return (
    `${formatBytes(result.bytes)}: ${rows.toLocaleString('en')} rows in ${tables} tables, ` +
    `${manifest.media.files.toLocaleString('en')} image files, data version ${latest?.tag ?? 'unknown'} ` +
    `(${manifest.dataVersion.migrations} migrations), PostgreSQL ${manifest.database.serverVersion} dumped by ` +
    `pg_dump ${tool.version} (${tool.source === 'bundled' ? "Townhall's own" : tool.path})` +
    `${manifest.hasSessionSecret ? ', with the session secret' : ''}.`
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
