import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pino } from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withClient } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import {
  DEMO_ADMIN,
  DEMO_CREATORS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
} from '../../scripts/demo/demo-content.ts';
import { multipart, solidImage } from '../features/images/sample-images.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';
import { makeTempDir } from '../test/test-database.ts';
import { knownMigrations, ManifestSchema, type ArchiveManifest } from './archive-manifest.ts';
import { openInstallationDatabase } from './installation-database.ts';

// `npm run backup` and `npm run restore` as an operator runs them: real processes, a real site
// serving (and being written to) during the backup, real PostgreSQL on both sides. On the embedded
// project the site is `npm start`'s own (PostgreSQL 18: Townhall's bundled pg_dump 18); on the
// external one it is DATABASE_URL's server (PostgreSQL 15: the machine's pg_dump 15).
const kind = inject('databaseKind');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const silent = pino({ level: 'silent' });

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  const failures: unknown[] = [];
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      failures.push(error); // the other steps still run
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'clean-up failed');
});

function tempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database on the external server, dropped at the end. */
async function emptyDatabase(): Promise<string> {
  const serverUrl = new URL(inject('databaseUrl'));
  serverUrl.pathname = '/postgres';
  const name = `townhall_backup_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl.toString(), (client) => client.query(`create database "${name}"`));
  cleanups.push(() =>
    withClient(serverUrl.toString(), (client) => client.query(`drop database if exists "${name}" with (force)`)),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of an installation: its data directory, and DATABASE_URL's database on the external project. */
function installation(dataDir: string, databaseUrl: string | undefined): Record<string, string | undefined> {
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: undefined, SESSION_SECRET: undefined };
}

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** When it started and ended (Date.now()). */
  startedAt: number;
  endedAt: number;
}

/** Runs one of the project's scripts as `npm run` would (Node 24, the project folder). */
async function runScript(script: string, args: string[], env: Record<string, string | undefined>): Promise<ScriptRun> {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr, startedAt, endedAt: Date.now() };
}

function demoEmail(username: string): string {
  const person = [DEMO_ADMIN, ...DEMO_CREATORS, ...DEMO_PEOPLE].find((spec) => spec.username === username);
  if (!person) throw new Error(`no demo person ${username}`);
  return person.email ?? `${username.replaceAll('_', '.')}@${DEMO_EMAIL_DOMAIN}`;
}

/** The people of the round trip, and what they act on. */
interface Cast {
  /** Everyone's password at first. */
  password: string;
  /** Posts in their group while the backup runs. */
  host: string;
  groupId: string;
  /** Likes those posts. */
  fan: string;
  /** Changes the password before the backup. */
  early: string;
  /** Changes the password after the backup. */
  late: string;
  /** A profile picture's address, as the data holds it. */
  imageUrl: string;
}

async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  urlPath: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

function sessionCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('townhall.session_token=') && pair.length > 'townhall.session_token='.length);
  if (!cookie) throw new Error(`no session cookie (HTTP ${response.status})`);
  return cookie;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<Response> {
  return call(baseUrl, 'POST', '/api/accounts/sign-in', { body: { email, password } });
}

async function signedIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await signIn(baseUrl, email, password);
  expect(response.status, `sign-in of ${email}`).toBe(200);
  return sessionCookie(response);
}

/** The demo community, as `npm run demo` made it. */
async function demoCast(dataDir: string, databaseUrl: string | undefined): Promise<Cast> {
  // reached as an operator command reaches a running site
  const running = await openInstallationDatabase({ dataDir, databaseUrl }, silent);
  expect(running.kind).toBe(databaseUrl ? 'external' : 'embedded-running');
  try {
    return await withClient(running.url, async (client) => {
      const group = await client.query<{ id: string }>(
        `select g.id from groups g join users u on u.id = g.owner_id where u.username = 'priya_nutrition'`,
      );
      const image = await client.query<{ url: string }>(
        `select profile_image_url as url from users where username = 'leo_pixels'`,
      );
      return {
        password: DEMO_PASSWORD,
        host: demoEmail('priya_nutrition'),
        groupId: group.rows[0]?.id ?? '',
        fan: demoEmail('nina_k'),
        early: demoEmail('omar_h'),
        late: demoEmail('sofia_r'),
        imageUrl: image.rows[0]?.url ?? '',
      };
    });
  } finally {
    await running.close();
  }
}

/** A small community made through the API of `site`: four people, a group, a subscription, a profile picture. */
async function smallCast(site: string): Promise<Cast> {
  const password = 'a long enough secret for backups';
  const suffix = randomBytes(3).toString('hex');
  const signUp = async (name: string) => {
    const email = `${name}.${suffix}@example.com`;
    const response = await call(site, 'POST', '/api/accounts/sign-up', {
      body: { email, username: `${name}_${suffix}`, password },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    return { email, id: user.id, cookie: sessionCookie(response) };
  };
  const [host, fan, early, late] = [
    await signUp('host'),
    await signUp('fan'),
    await signUp('early'),
    await signUp('late'),
  ];
  const created = await call(site, 'POST', '/api/groups', {
    cookie: host.cookie,
    body: { name: 'Backups', slug: `backups-${suffix}` },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { group } = (await created.json()) as { group: { id: string } };
  expect((await call(site, 'PUT', `/api/groups/${group.id}/subscription`, { cookie: fan.cookie })).status).toBe(200);
  const upload = multipart([
    {
      name: 'file',
      filename: 'me.png',
      contentType: 'image/png',
      data: await solidImage('png', { width: 96, height: 96 }),
    },
  ]);
  const uploaded = await fetch(`${site}/api/images?purpose=avatar`, {
    method: 'POST',
    headers: { origin: site, cookie: host.cookie, 'content-type': upload.contentType },
    body: upload.payload,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const profile = await call(site, 'PATCH', `/api/users/${host.id}/profile`, {
    cookie: host.cookie,
    body: { profileImageURL: url },
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  return {
    password,
    host: host.email,
    groupId: group.id,
    fan: fan.email,
    early: early.email,
    late: late.email,
    imageUrl: url,
  };
}

async function changePassword(baseUrl: string, cookie: string, from: string, to: string): Promise<string> {
  const response = await call(baseUrl, 'POST', '/api/accounts/change-password', {
    cookie,
    body: { currentPassword: from, newPassword: to },
  });
  expect(response.status).toBe(204);
  return sessionCookie(response);
}

/** Rows of each table of the manifest in the database of `url`. */
async function countRows(url: string, tables: string[]): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const quoted = table
        .split('.')
        .map((part) => `"${part}"`)
        .join('.');
      const result = await client.query<{ n: string }>(`select count(*)::text as n from ${quoted}`);
      counts[table] = Number(result.rows[0]?.n);
    }
    return counts;
  });
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every file under `dir` with its size and modification time: what "nothing changed" compares. */
function listing(dir: string): string[] {
  const lines: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const stat = fs.lstatSync(full);
      lines.push(`${path.relative(dir, full)} ${stat.size} ${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return lines.sort();
}

async function readManifest(archive: string): Promise<ArchiveManifest> {
  const dir = tempDir('townhall-manifest-');
  await tar.x({ file: archive, cwd: dir, filter: (entryPath) => entryPath === 'manifest.json' });
  return ManifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')));
}

/** A copy of `archive` with `change` applied to its extracted files, packed again (manifest first). */
async function alteredCopy(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = tempDir('townhall-altered-');
  await tar.x({ file: archive, cwd: dir });
  change(dir);
  const entries = fs.readdirSync(dir).sort((a, b) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : 0));
  const copy = path.join(tempDir('townhall-altered-archive-'), 'altered.tar');
  await tar.c({ cwd: dir, file: copy, portable: true }, entries);
  return copy;
}

/** Expects a refused restore: exit 1, one sentence on stderr, no stack. */
function expectRefused(run: ScriptRun, message: RegExp): void {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe(`npm run backup and npm run restore (${kind} database)`, () => {
  const sourceDir = tempDir('townhall-backup-source-');
  const backupsDir = tempDir('townhall-backups-');
  let sourceUrl: string | undefined;
  let sourceEnv: Record<string, string | undefined>;
  let archive: string;
  let manifest: ArchiveManifest;
  let server: SpawnedServer | undefined;
  cleanups.push(() => server?.stop());

  let cast: Cast;

  beforeAll(async () => {
    if (kind === 'external') {
      // the demo's 34 password hashes take long on a busy machine: a few people made through the API
      sourceUrl = await emptyDatabase();
      sourceEnv = installation(sourceDir, sourceUrl);
      server = await spawnServer({ dataDir: sourceDir, env: sourceEnv });
      cast = await smallCast(server.url);
    } else {
      sourceEnv = installation(sourceDir, undefined);
      const demo = await runScript('scripts/demo/index.ts', [], sourceEnv);
      expect(demo.code, demo.stdout + demo.stderr).toBe(0);
      server = await spawnServer({ dataDir: sourceDir, env: sourceEnv });
      cast = await demoCast(sourceDir, undefined);
    }
  }, 120_000);

  it('backs up a serving site under writes and restores it into an empty installation', async () => {
    if (!server) throw new Error('the site did not start');
    const site = server.url;
    const { password } = cast;

    // cookies of the past: people signed in; one changes the password before the backup
    const fanCookie = await signedIn(site, cast.fan, password);
    const earlyCookie = await changePassword(
      site,
      await signedIn(site, cast.early, password),
      password,
      'early before backup',
    );
    const lateCookie = await signedIn(site, cast.late, password);
    const hostCookie = await signedIn(site, cast.host, password);

    // writes while the backup runs: the host posts in the group, a subscriber likes each post
    const writes: { postId: string; startedAt: number; endedAt: number }[] = [];
    let isWriting = true;
    const writer = (async () => {
      for (let n = 0; isWriting && n < 25; n += 1) {
        const startedAt = Date.now();
        const posted = await call(site, 'POST', `/api/groups/${cast.groupId}/posts`, {
          cookie: hostCookie,
          body: { body: `Written while the backup runs, number ${n}` },
        });
        expect(posted.status).toBe(201);
        const { post } = (await posted.json()) as { post: { id: string } };
        const liked = await call(site, 'PUT', `/api/likes/post/${post.id}`, { cookie: fanCookie });
        expect(liked.status).toBe(200);
        writes.push({ postId: post.id, startedAt, endedAt: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const backup = await runScript('scripts/backup.ts', ['--out', backupsDir], sourceEnv);
    isWriting = false;
    await writer;
    expect(backup.code, backup.stdout + backup.stderr).toBe(0);
    expect(backup.stderr).toBe('');
    archive = /^Backup written to (.+\.tar)$/m.exec(backup.stdout)?.[1] ?? '';
    expect(path.basename(archive)).toMatch(/^townhall-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/);
    expect(fs.readdirSync(backupsDir)).toEqual([path.basename(archive)]);
    expect(writes.some((write) => write.endedAt > backup.startedAt && write.startedAt < backup.endedAt)).toBe(true);

    manifest = await readManifest(archive);
    expect(manifest.database.serverMajor).toBe(kind === 'external' ? 15 : 18);
    expect(manifest.database.dumpTool).toMatchObject(
      kind === 'external' ? { major: 15, source: 'machine' } : { major: 18, source: 'bundled' },
    );
    expect(manifest.dataVersion.latestMigration?.tag).toBe(knownMigrations().at(-1)?.tag);
    expect(manifest.hasSessionSecret).toBe(true);
    expect(manifest.media.files).toBeGreaterThan(0);
    expect(manifest.rowCounts['public.page_changes']).toBe(0);
    expect(manifest.rowCounts['public.sessions']).toBeGreaterThan(0);

    // after the backup: another password changes, then the site stops
    const lateAfter = await changePassword(site, lateCookie, password, 'late after backup');
    expect(await server.stop()).toBe(0);
    server = undefined;

    // restore into an empty installation
    const targetDir = tempDir('townhall-restored-');
    const targetUrl = kind === 'external' ? await emptyDatabase() : undefined;
    const targetEnv = installation(targetDir, targetUrl);
    const restore = await runScript('scripts/restore.ts', [archive], targetEnv);
    expect(restore.code, restore.stdout + restore.stderr).toBe(0);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/sessions? ended: everyone signs in again/);

    // the database holds what the manifest counted, less what a restore forgets
    const restored = await openInstallationDatabase({ dataDir: targetDir, databaseUrl: targetUrl }, silent);
    try {
      const counts = await countRows(restored.url, Object.keys(manifest.rowCounts));
      const forgotten = ['public.sessions', 'public.verifications', 'public.live_presence', 'public.page_changes'];
      for (const [table, rows] of Object.entries(manifest.rowCounts)) {
        expect(counts[table], table).toBe(forgotten.includes(table) ? 0 : rows);
      }
      // the posts of the writes: each one done before the backup began is there, none begun after it ended
      const postIds = await withClient(restored.url, async (client) => {
        const result = await client.query<{ id: string }>('select id from posts');
        return new Set(result.rows.map((row) => row.id));
      });
      for (const write of writes) {
        if (write.endedAt < backup.startedAt) expect(postIds.has(write.postId)).toBe(true);
        if (write.startedAt > backup.endedAt) expect(postIds.has(write.postId)).toBe(false);
      }
    } finally {
      await restored.close();
    }

    // the image files are the archive's, byte for byte
    const mediaFiles = Object.keys(manifest.files).filter((file) => file.startsWith('media/'));
    expect(mediaFiles.length).toBe(manifest.media.files);
    expect(mediaFiles.length).toBeGreaterThan(0);
    const restoredMedia = listing(path.join(targetDir, 'media'))
      .map((line) => line.split(' ')[0] as string)
      .filter((file) => fs.statSync(path.join(targetDir, 'media', file)).isFile())
      .map((file) => `media/${file}`)
      .sort();
    expect(restoredMedia).toEqual(mediaFiles.sort());
    for (const file of mediaFiles) expect(sha256(path.join(targetDir, file)), file).toBe(manifest.files[file]?.sha256);

    // the session secret came along (unsubscribe links keep working); the database password did not
    const sourceSecrets = JSON.parse(fs.readFileSync(path.join(sourceDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    const targetSecrets = JSON.parse(fs.readFileSync(path.join(targetDir, 'secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(targetSecrets.sessionSecret).toBe(sourceSecrets.sessionSecret);
    expect(targetSecrets.postgresPassword).not.toBe(sourceSecrets.postgresPassword);
    expect(fs.readFileSync(archive).includes(sourceSecrets.postgresPassword as string)).toBe(false);

    // the restored site serves
    server = await spawnServer({ dataDir: targetDir, env: targetEnv });
    const restoredSite = server.url;
    expect(cast.imageUrl).toMatch(/^\/media\/images\//);
    const served = await fetch(`${restoredSite}${cast.imageUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(path.join(sourceDir, cast.imageUrl)))).toBe(
      true,
    );

    // every cookie of the past is refused
    for (const cookie of [fanCookie, earlyCookie, lateCookie, lateAfter, hostCookie]) {
      expect((await call(restoredSite, 'GET', '/api/me/subscriptions', { cookie })).status).toBe(401);
    }
    // people sign in with the passwords the backup knew
    const fanAgain = await signedIn(restoredSite, cast.fan, password);
    expect((await call(restoredSite, 'GET', '/api/me/subscriptions', { cookie: fanAgain })).status).toBe(200);
    await signedIn(restoredSite, cast.early, 'early before backup');
    expect((await signIn(restoredSite, cast.late, 'late after backup')).status).toBe(401);
    await signedIn(restoredSite, cast.late, password);
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 120_000);

  it('refuses a target that is not empty, changing nothing', async () => {
    expect(archive).toBeTruthy();
    // the source: a data directory with a cluster, or a database with tables (and an empty data directory)
    const targetDir = kind === 'external' ? tempDir('townhall-refused-') : sourceDir;
    const before = listing(targetDir);
    const rowsBefore = sourceUrl ? await countRows(sourceUrl, Object.keys(manifest.rowCounts)) : undefined;
    const run = await runScript('scripts/restore.ts', [archive], installation(targetDir, sourceUrl));
    expectRefused(
      run,
      kind === 'external'
        ? /^The database of DATABASE_URL \(.+\) is not empty: npm run restore only fills an empty database/
        : /^The data directory .+ already holds a database \(.+\): npm run restore only fills an empty data directory/,
    );
    expect(listing(targetDir)).toEqual(before);
    if (sourceUrl) expect(await countRows(sourceUrl, Object.keys(manifest.rowCounts))).toEqual(rowsBefore);
    // a data directory holding images only is not empty either
    const withImages = tempDir('townhall-refused-images-');
    fs.mkdirSync(path.join(withImages, 'media', 'images', 'x'), { recursive: true });
    fs.writeFileSync(path.join(withImages, 'media', 'images', 'x', 's16.webp'), 'an image');
    const imagesBefore = listing(withImages);
    const onImages = await runScript(
      'scripts/restore.ts',
      [archive],
      installation(withImages, kind === 'external' ? await emptyDatabase() : undefined),
    );
    expectRefused(onImages, /already holds uploaded images/);
    expect(listing(withImages)).toEqual(imagesBefore);
  }, 60_000);

  it('refuses an archive of a newer data version, a damaged one and a foreign file', async () => {
    expect(archive).toBeTruthy();
    const newer = await alteredCopy(archive, (dir) => {
      const file = path.join(dir, 'manifest.json');
      const edited = JSON.parse(fs.readFileSync(file, 'utf8')) as ArchiveManifest;
      const latest = edited.dataVersion.latestMigration?.createdAt ?? 0;
      edited.dataVersion = {
        ...edited.dataVersion,
        migrations: edited.dataVersion.migrations + 1,
        latestMigration: { tag: '9999_from-the-future', createdAt: latest + 60_000 },
      };
      fs.writeFileSync(file, JSON.stringify(edited));
    });
    const damaged = await alteredCopy(archive, (dir) => {
      const file = path.join(dir, 'database.pgdump');
      const bytes = fs.readFileSync(file);
      const at = Math.floor(bytes.length / 2);
      bytes[at] = (bytes[at] as number) ^ 0xff;
      fs.writeFileSync(file, bytes);
    });
    const truncated = path.join(tempDir('townhall-truncated-'), 'truncated.tar');
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 100_000));
    const foreign = path.join(tempDir('townhall-foreign-'), 'notes.tar');
    fs.writeFileSync(foreign, 'These are not the files you are looking for.\n');

    const cases: [string, RegExp][] = [
      [newer, /holds data version 9999_from-the-future \(\d+ migrations\), newer than this Townhall knows/],
      [damaged, /is damaged: database\.pgdump does not match its checksum; nothing was restored\.$/m],
      [truncated, /is not a Townhall backup archive, or it is damaged/],
      [foreign, /is not a Townhall backup archive, or it is damaged/],
    ];
    // each into an empty target of its own, at the same time (they are independent)
    await Promise.all(
      cases.map(async ([file, message]) => {
        const targetDir = tempDir('townhall-refused-');
        const targetUrl = kind === 'external' ? await emptyDatabase() : undefined;
        const run = await runScript('scripts/restore.ts', [file], installation(targetDir, targetUrl));
        expectRefused(run, message);
        expect(fs.readdirSync(targetDir)).toEqual([]);
        if (targetUrl) {
          const tables = await withClient(targetUrl, async (client) => {
            const result = await client.query(`select 1 from pg_tables where schemaname in ('public', 'drizzle')`);
            return result.rowCount;
          });
          expect(tables).toBe(0);
        }
      }),
    );
  }, 60_000);

  // on the external server only: the migrations and the tools are the same on both kinds
  if (kind === 'external') {
    it('migrates an archive of an older data version after restoring it', async () => {
      // a database one migration behind this code, as an older Townhall left it
      const olderUrl = await emptyDatabase();
      const olderMigrations = tempDir('townhall-older-migrations-');
      fs.cpSync(MIGRATIONS_FOLDER, olderMigrations, { recursive: true });
      const journalFile = path.join(olderMigrations, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries.pop();
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const client = new pg.Client({ connectionString: olderUrl });
      await client.connect();
      try {
        await migrate(drizzle({ client }), { migrationsFolder: olderMigrations });
      } finally {
        await client.end();
      }

      const olderDir = tempDir('townhall-older-');
      const out = tempDir('townhall-older-backups-');
      const backup = await runScript('scripts/backup.ts', ['--out', out], installation(olderDir, olderUrl));
      expect(backup.code, backup.stdout + backup.stderr).toBe(0);
      const olderArchive = /^Backup written to (.+\.tar)$/m.exec(backup.stdout)?.[1] ?? '';
      const known = knownMigrations();
      expect((await readManifest(olderArchive)).dataVersion.migrations).toBe(known.length - 1);

      const targetUrl = await emptyDatabase();
      const restore = await runScript(
        'scripts/restore.ts',
        [olderArchive],
        installation(tempDir('townhall-older-restored-'), targetUrl),
      );
      expect(restore.code, restore.stdout + restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`migrated to ${known.at(-1)?.tag}`);
      const applied = await withClient(targetUrl, async (target) => {
        const result = await target.query('select 1 from drizzle.__drizzle_migrations');
        return result.rowCount;
      });
      expect(applied).toBe(known.length);
    }, 60_000);
  }
});
