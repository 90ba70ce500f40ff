import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

/**
 * What a backup archive holds (decision 038), as plain files in a tar:
 *
 *     manifest.json        this description, first in the archive
 *     session-secret.json  the generated session secret, when SESSION_SECRET is not set
 *     database.pgdump      the database, `pg_dump --format=custom`
 *     media/images/…       the uploaded images kept on local disk (DATA_DIR/media)
 */
export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.pgdump';
export const SESSION_SECRET_FILE = 'session-secret.json';
export const MEDIA_DIR = 'media';

/** Archives are named by their creation time, so that names sort by age. */
export const ARCHIVE_NAME = /^townhall-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(?:-\d+)?\.tar$/;

/** `townhall-backup-2026-11-27T01-50-00Z.tar` for that instant (UTC). */
export function archiveName(at: Date): string {
  return `townhall-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar`;
}

/** Tables whose rows are never archived: `page_changes` holds transaction ids of the source cluster. */
export const EXCLUDED_TABLE_DATA = ['public.page_changes'] as const;

const MigrationSchema = z.object({
  /** Tag in the journal (`0030_page-changes-by-transaction`); null when the code that made the backup did not know it. */
  tag: z.string().nullable(),
  /** `created_at` in drizzle.__drizzle_migrations: the journal's `when` of the migration. */
  createdAt: z.number().int(),
});

const FileSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) });

const ToolSchema = z.object({
  name: z.string(),
  path: z.string(),
  version: z.string(),
  major: z.number().int(),
  source: z.enum(['machine', 'bundled']),
});

export const ManifestSchema = z.object({
  format: z.literal('townhall-backup'),
  /** Raised when a restore of this code could no longer read an archive. */
  formatVersion: z.number().int(),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** The migrations applied to the database: what the restoring code must know. */
  dataVersion: z.object({
    migrations: z.number().int().min(0),
    latestMigration: MigrationSchema.nullable(),
    /** `app_meta.data_version`: the data version of the product specification. */
    specDataVersion: z.string().nullable(),
  }),
  database: z.object({
    source: z.enum(['embedded', 'external']),
    serverVersion: z.string(),
    serverMajor: z.number().int(),
    dumpTool: ToolSchema,
    excludedTableData: z.array(z.string()),
  }),
  /** Rows of every table in the archive, `schema.table` → rows, counted in the dump's own snapshot. */
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  media: z.object({
    /** Where new images went when the backup was made; with 's3' the bucket is backed up apart. */
    storage: z.enum(['local', 's3']),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  /** Whether `session-secret.json` is in the archive. */
  hasSessionSecret: z.boolean(),
  /** Every other file of the archive, by its path in it. */
  files: z.record(z.string(), FileSchema),
});

export type ArchiveManifest = z.infer<typeof ManifestSchema>;
export type ArchivedMigration = z.infer<typeof MigrationSchema>;

export const FORMAT_VERSION = 1;

/** The committed migrations this code applies, oldest first (server/db/migrations/meta/_journal.json). */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The data version of a database whose drizzle.__drizzle_migrations holds `appliedCreatedAt`. */
export function describeDataVersion(
  appliedCreatedAt: readonly number[],
  specDataVersion: string | null,
): ArchiveManifest['dataVersion'] {
  const latest = appliedCreatedAt.length > 0 ? Math.max(...appliedCreatedAt) : undefined;
  return {
    migrations: appliedCreatedAt.length,
    latestMigration:
      latest === undefined
        ? null
        : { tag: knownMigrations().find((entry) => entry.when === latest)?.tag ?? null, createdAt: latest },
    specDataVersion,
  };
}

/**
 * Compares an archive's data version with what this code knows: 'newer' when the archive has a
 * migration this code does not (it would run on a schema it was not written for), 'older' when
 * this code has migrations to apply after the restore.
 */
export function compareDataVersion(archived: ArchiveManifest['dataVersion']): 'same' | 'older' | 'newer' {
  const known = knownMigrations();
  const latest = archived.latestMigration;
  if (!latest) return known.length === 0 ? 'same' : 'older';
  const index = known.findIndex((entry) => entry.when === latest.createdAt);
  if (index < 0 || archived.migrations > known.length) return 'newer';
  return index === known.length - 1 ? 'same' : 'older';
}

/** How a data version reads in a message: `0030_page-changes-by-transaction (31 migrations)`. */
export function describeMigrations(dataVersion: ArchiveManifest['dataVersion']): string {
  const latest = dataVersion.latestMigration;
  const name = latest ? (latest.tag ?? `a migration of ${new Date(latest.createdAt).toISOString()}`) : 'no migration';
  return `${name} (${dataVersion.migrations} migration${dataVersion.migrations === 1 ? '' : 's'})`;
}

/** sha256 and size of a file, read as a stream. */
export async function checksumFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every regular file under `root`, as paths relative to it with '/' separators, sorted. */
export function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else files.push(relative);
    }
  };
  if (fs.existsSync(root)) walk(root, '');
  return files.sort();
}

/** The package's version, for the manifest. */
export function appVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}
