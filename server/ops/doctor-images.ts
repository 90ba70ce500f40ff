import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type pg from 'pg';
import type { S3Config } from '../config/env.ts';
import { createS3Storage } from '../features/images/image-storage.ts';
import { errorMessage, formatBytes, plural, type CheckResult } from './doctor-report.ts';

/**
 * A file younger than this is never called an orphan: an upload writes its renditions first and
 * its row last (upload-image.ts), and an image process may take up to 60 s, so its files exist
 * for a while before their row does.
 */
export const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;

/** A stored file: its key (`images/{id}/w640.webp`), size and age. */
export interface StoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** An image row whose files are not all there. */
export interface MissingImage {
  imageId: string;
  storage: 'local' | 's3';
  keys: string[];
}

/** What the image check found, per store. */
export interface ImageFindings {
  rows: number;
  missing: MissingImage[];
  /** Files older than ORPHAN_MIN_AGE_MS that no image row names, per store. */
  orphans: { local: StoredFile[]; s3: StoredFile[] };
  /** Young files no row names yet (uploads in flight, presumably). */
  youngUnclaimed: number;
  /** Rows in S3 while no bucket is configured. */
  s3RowsWithoutConfig: number;
  /** Set when the bucket could not be listed. */
  s3Error: string | undefined;
  s3Listed: boolean;
}

/** The keys every image row says it has, by store: `images/{id}/{name}.{format}`. */
async function expectedKeys(
  client: pg.ClientBase,
): Promise<{ rows: number; byStore: Map<string, Set<string>>; owner: Map<string, string> }> {
  const { rows } = await client.query<{
    id: string;
    storage: 'local' | 's3';
    name: string | null;
    format: string | null;
  }>(
    `select i.id::text as id, i.storage, v->>'name' as name, v->>'format' as format
     from images i left join lateral jsonb_array_elements(i.variants) v on true`,
  );
  const byStore = new Map<string, Set<string>>([
    ['local', new Set()],
    ['s3', new Set()],
  ]);
  const owner = new Map<string, string>();
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(row.id);
    if (!row.name || !row.format) continue;
    const key = `images/${row.id}/${row.name}.${row.format}`;
    byStore.get(row.storage)?.add(key);
    owner.set(key, row.id);
  }
  return { rows: ids.size, byStore, owner };
}

/** Every file under `root` (DATA_DIR/media), keyed as the storage keys them. */
export async function listLocalFiles(root: string): Promise<StoredFile[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: StoredFile[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fs.promises.lstat(full).catch(() => undefined);
    if (!stat) continue; // removed meanwhile
    files.push({
      key: path.relative(root, full).split(path.sep).join('/'),
      bytes: stat.size,
      modifiedAt: stat.mtime,
    });
  }
  return files;
}

/** Every object of the bucket under `images/`. */
async function listBucket(config: S3Config): Promise<StoredFile[]> {
  const storage = createS3Storage(config);
  try {
    const files: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page = await storage.client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, Prefix: 'images/', ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        files.push({ key: item.Key, bytes: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return files;
  } finally {
    storage.client.destroy();
  }
}

/**
 * Compares the image rows with the stored files: every rendition a row names must exist (in the
 * store the row names), and every stored file older than ORPHAN_MIN_AGE_MS must belong to a row.
 * The files are listed before the rows are read, so a file of an upload finished meanwhile has
 * its row.
 */
export async function checkImages(
  client: pg.ClientBase,
  options: { mediaRoot: string; s3: S3Config | null; now?: Date },
): Promise<ImageFindings> {
  const now = options.now ?? new Date();
  const localFiles = await listLocalFiles(options.mediaRoot);
  let s3Files: StoredFile[] = [];
  let s3Error: string | undefined;
  if (options.s3) {
    try {
      s3Files = await listBucket(options.s3);
    } catch (error) {
      s3Error = errorMessage(error);
    }
  }
  const expected = await expectedKeys(client);
  const findings: ImageFindings = {
    rows: expected.rows,
    missing: [],
    orphans: { local: [], s3: [] },
    youngUnclaimed: 0,
    s3RowsWithoutConfig: 0,
    s3Error,
    s3Listed: Boolean(options.s3) && !s3Error,
  };
  const stores: { storage: 'local' | 's3'; files: StoredFile[]; listed: boolean }[] = [
    { storage: 'local', files: localFiles, listed: true },
    { storage: 's3', files: s3Files, listed: findings.s3Listed },
  ];
  for (const store of stores) {
    const wanted = expected.byStore.get(store.storage) ?? new Set<string>();
    if (!store.listed) {
      if (store.storage === 's3' && !options.s3) {
        findings.s3RowsWithoutConfig = new Set([...wanted].map((key) => expected.owner.get(key))).size;
      }
      continue;
    }
    const present = new Set(store.files.map((file) => file.key));
    const missingByImage = new Map<string, string[]>();
    for (const key of wanted) {
      if (present.has(key)) continue;
      const imageId = expected.owner.get(key) ?? '?';
      missingByImage.set(imageId, [...(missingByImage.get(imageId) ?? []), key]);
    }
    for (const [imageId, keys] of missingByImage)
      findings.missing.push({ imageId, storage: store.storage, keys: keys.sort() });
    for (const file of store.files) {
      if (wanted.has(file.key)) continue;
      if (now.getTime() - file.modifiedAt.getTime() < ORPHAN_MIN_AGE_MS) findings.youngUnclaimed += 1;
      else findings.orphans[store.storage].push(file);
    }
  }
  findings.missing.sort((a, b) => (a.imageId < b.imageId ? -1 : 1));
  for (const list of Object.values(findings.orphans)) list.sort((a, b) => (a.key < b.key ? -1 : 1));
  return findings;
}

const EXAMPLES = 3;

function someKeys(files: { key: string }[]): string {
  const shown = files.slice(0, EXAMPLES).map((file) => file.key);
  return `${shown.join(', ')}${files.length > EXAMPLES ? ', …' : ''}`;
}

/** The report lines of the image check. */
export function imageResults(
  findings: ImageFindings,
  options: { mediaRoot: string; s3: S3Config | null },
): CheckResult[] {
  const results: CheckResult[] = [];
  if (findings.missing.length > 0) {
    const files = findings.missing.reduce((sum, image) => sum + image.keys.length, 0);
    const shown = findings.missing
      .slice(0, EXAMPLES)
      .map(
        (image) =>
          `${image.storage === 's3' ? 'bucket ' : ''}${image.keys.slice(0, 2).join(', ')}${image.keys.length > 2 ? ', …' : ''}`,
      );
    results.push({
      status: 'problem',
      check: 'images',
      message:
        `${plural(findings.missing.length, 'image')} of the database ${findings.missing.length === 1 ? 'lacks' : 'lack'} ` +
        `${plural(files, 'file')} (${shown.join('; ')}${findings.missing.length > EXAMPLES ? '; …' : ''}): ` +
        `${findings.missing.length === 1 ? 'that picture answers' : 'those pictures answer'} 404.`,
      fix: `Restore the missing files from a backup of ${findings.missing.some((image) => image.storage === 'local') ? options.mediaRoot : 'the bucket'}; the doctor cannot make them again.`,
    });
  }
  for (const storage of ['local', 's3'] as const) {
    const orphans = findings.orphans[storage];
    if (orphans.length === 0) continue;
    const bytes = orphans.reduce((sum, file) => sum + file.bytes, 0);
    const where = storage === 'local' ? options.mediaRoot : `the bucket ${options.s3?.bucket ?? ''}`;
    results.push({
      status: 'warning',
      check: 'images',
      message: `${plural(orphans.length, 'file')} in ${where} (${formatBytes(bytes)}) ${orphans.length === 1 ? 'belongs' : 'belong'} to no image: ${someKeys(orphans)}.`,
      fix: `Run \`npm run doctor -- --repair\` to remove ${orphans.length === 1 ? 'it' : 'them'}.`,
    });
  }
  if (findings.s3RowsWithoutConfig > 0) {
    results.push({
      status: 'problem',
      check: 'images',
      message: `${plural(findings.s3RowsWithoutConfig, 'image')} ${findings.s3RowsWithoutConfig === 1 ? 'is' : 'are'} stored in an S3 bucket, but S3_* is not set: they answer 404 and their files were not checked.`,
      fix: 'Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT) as Townhall had them.',
    });
  }
  if (findings.s3Error) {
    results.push({
      status: 'problem',
      check: 'images',
      message: `The bucket ${options.s3?.bucket ?? ''} cannot be listed (${findings.s3Error}), so its images were not checked.`,
      fix: 'Check S3_ENDPOINT, S3_BUCKET and the access keys: Townhall uses the same ones to store and serve images.',
    });
  }
  if (results.length === 0) {
    const stores = options.s3 ? `${options.mediaRoot} and the bucket ${options.s3.bucket}` : options.mediaRoot;
    const young =
      findings.youngUnclaimed > 0
        ? ` (${plural(findings.youngUnclaimed, 'file')} younger than ${ORPHAN_MIN_AGE_MS / 60_000} minutes left alone: uploads in flight)`
        : '';
    results.push({
      status: 'ok',
      check: 'images',
      message: `Every file of the ${plural(findings.rows, 'image')} is in ${stores}, and every file there belongs to one${young}.`,
    });
  }
  return results;
}

/** What removing the orphans did. */
export interface OrphanRemoval {
  removed: StoredFile[];
  /** Files of the plan that were kept: a row names them now, or they could not be removed. */
  kept: { key: string; reason: string }[];
  storage: 'local' | 's3';
}

/**
 * Removes the orphaned files of the plan, after checking once more that no row names them (an
 * upload may have claimed a key since: it cannot, as keys hold fresh UUIDs, but the check is
 * cheap). Directories of images left empty are removed too.
 */
export async function removeOrphans(
  client: pg.ClientBase,
  plan: ImageFindings,
  options: { mediaRoot: string; s3: S3Config | null },
): Promise<OrphanRemoval[]> {
  const expected = await expectedKeys(client);
  const claimed = (key: string) => expected.byStore.get('local')?.has(key) || expected.byStore.get('s3')?.has(key);
  const results: OrphanRemoval[] = [];

  if (plan.orphans.local.length > 0) {
    const result: OrphanRemoval = { removed: [], kept: [], storage: 'local' };
    const directories = new Set<string>();
    for (const file of plan.orphans.local) {
      if (claimed(file.key)) {
        result.kept.push({ key: file.key, reason: 'an image row names it now' });
        continue;
      }
      const full = path.join(options.mediaRoot, ...file.key.split('/'));
      try {
        await fs.promises.rm(full, { force: true });
        result.removed.push(file);
        directories.add(path.dirname(full));
      } catch (error) {
        result.kept.push({ key: file.key, reason: errorMessage(error) });
      }
    }
    // the image's own folder, then images/ if that is all it held: never the media root itself
    for (const directory of [...directories].sort().reverse()) {
      let current = directory;
      while (current.startsWith(options.mediaRoot + path.sep)) {
        try {
          await fs.promises.rmdir(current);
        } catch {
          break; // not empty, or gone
        }
        current = path.dirname(current);
      }
    }
    results.push(result);
  }

  if (plan.orphans.s3.length > 0 && options.s3) {
    const result: OrphanRemoval = { removed: [], kept: [], storage: 's3' };
    const storage = createS3Storage(options.s3);
    try {
      for (const file of plan.orphans.s3) {
        if (claimed(file.key)) {
          result.kept.push({ key: file.key, reason: 'an image row names it now' });
          continue;
        }
        try {
          await storage.client.send(new DeleteObjectCommand({ Bucket: options.s3.bucket, Key: file.key }));
          result.removed.push(file);
        } catch (error) {
          result.kept.push({ key: file.key, reason: errorMessage(error) });
        }
      }
    } finally {
      storage.client.destroy();
    }
    results.push(result);
  }
  return results;
}

/** The plan's line for the orphans of one store. */
export function describeOrphanPlan(files: StoredFile[], where: string): string {
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  return `remove ${plural(files.length, 'orphaned file')} (${formatBytes(bytes)}) from ${where}: ${someKeys(files)}`;
}

/** The line of what removing the orphans of one store did. */
export function describeOrphanRemoval(result: OrphanRemoval, where: string): string {
  const kept =
    result.kept.length > 0
      ? `; kept ${plural(result.kept.length, 'file')} (${result.kept
          .slice(0, EXAMPLES)
          .map((file) => `${file.key}: ${file.reason}`)
          .join('; ')})`
      : '';
  return `removed ${plural(result.removed.length, 'orphaned file')} from ${where}${result.removed.length > 0 ? ` (${someKeys(result.removed)})` : ''}${kept}.`;
}
