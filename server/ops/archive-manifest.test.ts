import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_NAME,
  archiveName,
  compareDataVersion,
  describeDataVersion,
  knownMigrations,
  type ArchiveManifest,
} from './archive-manifest.ts';
import { pruneArchives } from './backup.ts';
import { restoreList } from './restore.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('archive names', () => {
  it('say the time in UTC, sortable, without colons', () => {
    const name = archiveName(new Date('2026-11-27T01:50:00.123Z'));
    expect(name).toBe('townhall-backup-2026-11-27T01-50-00Z.tar');
    expect(name).toMatch(ARCHIVE_NAME);
  });

  it('--keep removes the oldest archives and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-prune-'));
    dirs.push(dir);
    const names = [
      'townhall-backup-2026-11-25T03-00-00Z.tar',
      'townhall-backup-2026-11-26T03-00-00Z.tar',
      'townhall-backup-2026-11-26T03-00-00Z-2.tar',
      'townhall-backup-2026-11-27T03-00-00Z.tar',
      'notes.txt',
      'townhall-backup-2026-11-20T03-00-00Z.tar.gz',
    ];
    for (const name of names) fs.writeFileSync(path.join(dir, name), '');
    expect(pruneArchives(dir, 2).map((file) => path.basename(file))).toEqual([
      'townhall-backup-2026-11-26T03-00-00Z.tar',
      'townhall-backup-2026-11-25T03-00-00Z.tar',
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'townhall-backup-2026-11-20T03-00-00Z.tar.gz',
      'townhall-backup-2026-11-26T03-00-00Z-2.tar',
      'townhall-backup-2026-11-27T03-00-00Z.tar',
    ]);
  });
});

describe('data versions', () => {
  const known = knownMigrations();
  const version = (createdAt: number[]) => describeDataVersion(createdAt, '0.0.3');

  it('name the latest migration applied', () => {
    const all = version(known.map((entry) => entry.when));
    expect(all).toEqual({
      migrations: known.length,
      latestMigration: { tag: known.at(-1)?.tag, createdAt: known.at(-1)?.when },
      specDataVersion: '0.0.3',
    });
    expect(compareDataVersion(all)).toBe('same');
  });

  it('are older with migrations left to apply, and newer with one this code does not know', () => {
    expect(compareDataVersion(version(known.slice(0, -1).map((entry) => entry.when)))).toBe('older');
    const future = (known.at(-1)?.when ?? 0) + 1;
    const newer = version([...known.map((entry) => entry.when), future]);
    expect(newer.latestMigration).toEqual({ tag: null, createdAt: future });
    expect(compareDataVersion(newer)).toBe('newer');
  });
});

describe('restoreList', () => {
  it("leaves out the extensions' comments and the excluded tables' data", () => {
    const toc = [
      ';',
      '; Archive created at 2026-11-27 01:32:29 UTC',
      '2; 3079 16408 EXTENSION - pg_trgm ',
      '4066; 0 0 COMMENT - EXTENSION pg_trgm ',
      '4069; 0 0 COMMENT public TABLE app_meta townhall',
      '4100; 0 16520 TABLE DATA public users townhall',
      '4101; 0 17270 TABLE DATA public page_changes townhall',
    ].join('\n');
    const manifest = { database: { excludedTableData: ['public.page_changes'] } } as ArchiveManifest;
    expect(restoreList(toc, manifest).split('\n')).toEqual([
      ';',
      '; Archive created at 2026-11-27 01:32:29 UTC',
      '2; 3079 16408 EXTENSION - pg_trgm ',
      '4069; 0 0 COMMENT public TABLE app_meta townhall',
      '4100; 0 16520 TABLE DATA public users townhall',
    ]);
  });
});
