import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig, type S3Config } from '../config/env.ts';
import { createS3Storage } from '../features/images/image-storage.ts';
import { multipart, solidImage } from '../features/images/sample-images.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';
import { createSiblingDatabase, makeTempDir } from '../test/test-database.ts';
import { checkImages, imageResults, ORPHAN_MIN_AGE_MS, removeOrphans } from './doctor-images.ts';
import { runDoctor } from './doctor.ts';

// The doctor against a real installation: a Townhall process serving a database of its own (so no
// other test's writes are judged), with content made through its API, images on disk included.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SESSION_SECRET = 'doctor-test-secret-doctor-test-secret-0123';
const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

interface Person {
  id: string;
  username: string;
  cookie: string;
}

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let server: SpawnedServer;
let sql: pg.Client;
let people: Person[];
let groupId: string;
let postIds: string[];
let questionId: string;
let commentId: string;
let imageId: string;

async function api(method: string, url: string, options: { person?: Person; body?: unknown } = {}): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.url,
      'x-forwarded-for': someAddress(),
      ...(options.person ? { cookie: options.person.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function expectStatus(response: Promise<Response>, status: number): Promise<Record<string, unknown>> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function signUp(prefix: string): Promise<Person> {
  const suffix = randomBytes(4).toString('hex');
  const username = `${prefix}_${suffix}`;
  const response = await api('POST', '/api/accounts/sign-up', {
    body: { email: `${username}@example.com`, username, password: 'a fine secret' },
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('townhall.session_token='));
  const { user } = (await response.json()) as { user: { id: string } };
  if (!cookie) throw new Error('no session cookie');
  return { id: user.id, username, cookie };
}

/** The doctor of this installation, in this process, as `npm run doctor` would run it. */
async function doctor(options: { repair?: boolean; env?: Record<string, string> } = {}) {
  const lines: string[] = [];
  const config = loadConfig(
    options.env ?? { NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET },
  );
  const outcome = await runDoctor({ config, repair: options.repair ?? false, write: (line) => lines.push(line) });
  return { ...outcome, lines, output: lines.join('\n') };
}

/** `npm run doctor` as an operator runs it: a process of its own, with the environment alone. */
function doctorCli(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      path.join(root, 'node_modules/.bin/node'),
      ['scripts/doctor.ts', ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Rows of every like counter whose value is not COUNT(*) of its likes. */
async function likeCountersOff(): Promise<{ id: string; stored: number; real: number }[]> {
  const { rows } = await sql.query<{ id: string; stored: number; real: string }>(
    `select id::text, like_count as stored, (select count(*) from likes l where l.target_type = 'post' and l.target_id = p.id::text) as real
       from posts p
     union all
     select id::text, like_count, (select count(*) from likes l where l.target_type = 'question' and l.target_id = q.id::text)
       from questions q`,
  );
  return rows.map((row) => ({ ...row, real: Number(row.real) })).filter((row) => row.stored !== row.real);
}

const renditionPath = (id: string, name: string) => path.join(dataDir, 'media', 'images', id, name);

beforeAll(async () => {
  database = await createSiblingDatabase(inject('databaseUrl'));
  dataDir = makeTempDir('townhall-doctor-');
  server = await spawnServer({
    dataDir,
    env: {
      DATABASE_URL: database.url,
      SESSION_SECRET,
      TRUST_PROXY: 'loopback',
      REDIS_URL: undefined,
      S3_BUCKET: undefined,
    },
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();

  // a community: a host, people who subscribe, follow, post, ask, comment, like; an uploaded picture
  people = await Promise.all(['host', 'ann', 'bob', 'cid', 'dee', 'eve', 'fay', 'gus'].map((name) => signUp(name)));
  const [host, ann, bob, ...others] = people as [Person, Person, Person, ...Person[]];
  const group = await expectStatus(
    api('POST', '/api/groups', {
      person: host,
      body: { name: 'Doctor group', slug: `doctor-${randomBytes(3).toString('hex')}`, ama: true },
    }),
    201,
  );
  groupId = (group.group as { id: string }).id;
  for (const person of [ann, bob, ...others]) {
    await expectStatus(api('PUT', `/api/groups/${groupId}/subscription`, { person }), 200);
  }
  await expectStatus(
    api('POST', `/api/groups/${groupId}/members`, { person: host, body: { username: ann.username } }),
    201,
  );
  await expectStatus(api('PUT', `/api/users/${host.id}/follow`, { person: bob }), 200);

  const picture = await solidImage('png', { width: 700, height: 500 });
  const upload = multipart([{ name: 'file', filename: 'picture.png', contentType: 'image/png', data: picture }]);
  const uploaded = await fetch(`${server.url}/api/images?purpose=post`, {
    method: 'POST',
    headers: { origin: server.url, cookie: host.cookie, 'content-type': upload.contentType },
    body: upload.payload,
  });
  const image = (await uploaded.json()) as { id: string; url: string };
  expect(uploaded.status).toBe(201);
  imageId = image.id;

  postIds = [];
  for (const body of ['First post', 'Second post']) {
    const post = await expectStatus(
      api('POST', `/api/groups/${groupId}/posts`, {
        person: host,
        body: { body, ...(postIds.length === 0 ? { images: [image.url] } : {}) },
      }),
      201,
    );
    postIds.push((post.post as { id: string }).id);
  }
  const question = await expectStatus(
    api('POST', `/api/groups/${groupId}/questions`, { person: bob, body: { body: 'What is next?' } }),
    201,
  );
  questionId = (question.question as { id: string }).id;
  const comment = await expectStatus(
    api('POST', `/api/posts/${postIds[0]}/comments`, { person: ann, body: { body: 'Nice' } }),
    201,
  );
  commentId = (comment.comment as { id: string }).id;
  await expectStatus(api('PUT', `/api/likes/post/${postIds[0]}`, { person: ann }), 200);
  await expectStatus(api('PUT', `/api/likes/post/${postIds[0]}`, { person: bob }), 200);
  await expectStatus(api('PUT', `/api/likes/question/${questionId}`, { person: ann }), 200);
  await expectStatus(api('PUT', `/api/likes/comment/${commentId}`, { person: bob }), 200);
  await expectStatus(api('PUT', `/api/groups/${groupId}/like`, { person: bob }), 200);
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await server?.stop();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run doctor', () => {
  it('finds nothing wrong with a healthy installation, in process and as a command', async () => {
    const healthy = await doctor();
    expect(healthy.output).not.toMatch(/^problem/m);
    expect(healthy.exitCode).toBe(0);
    expect(healthy.output).toMatch(/^ok +database +PostgreSQL \d+/m);
    expect(healthy.output).toMatch(/^ok +migrations +All \d+ migrations are applied/m);
    expect(healthy.output).toMatch(/^ok +counters +All 12 counters/m);
    expect(healthy.output).toMatch(/^ok +images +Every file of the 1 image is in /m);
    expect(healthy.output).toMatch(/^ok +jobs +Workers are connected/m);
    expect(healthy.output).toMatch(/^ok +mail /m);
    expect(healthy.output).toMatch(/^ok +secrets +SESSION_SECRET is set\./m);
    expect(healthy.output).toMatch(/^(ok|warning) +disk +DATA_DIR \(.*\): [\d.]+ \w+ free of [\d.]+ \w+ \([\d.]+ %\)/m);
    expect(healthy.output).toMatch(/^No problem/m);

    const cli = await doctorCli({ DATABASE_URL: database.url, DATA_DIR: dataDir, SESSION_SECRET });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/^ok +counters +All 12 counters/m);
    expect(cli.stdout).not.toContain(SESSION_SECRET);
  });

  it('reports a wrong counter, a missing image file and an orphan; --repair fixes what it can', async () => {
    const [firstPost] = postIds as [string];
    await sql.query('update posts set like_count = like_count + 5 where id = $1', [firstPost]);
    await sql.query('update users set followers = followers + 3 where id = $1', [people[0]?.id]);
    const missing = renditionPath(imageId, 'w640.webp');
    const kept = fs.readFileSync(missing);
    fs.rmSync(missing);
    const orphanId = randomUUID();
    const orphan = renditionPath(orphanId, 'w640.webp');
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, 'left behind');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    fs.utimesSync(orphan, anHourAgo, anHourAgo);
    // an upload in flight: its files are written before its row
    const young = renditionPath(randomUUID(), 'w640.webp');
    fs.mkdirSync(path.dirname(young), { recursive: true });
    fs.writeFileSync(young, 'being uploaded');

    const broken = await doctor();
    expect(broken.exitCode).toBe(1);
    expect(broken.output).toMatch(
      new RegExp(
        `^problem +counters +posts\\.like_count differs from the real count of likes on 1 row \\(post ${firstPost} holds 7, has 2\\)`,
        'm',
      ),
    );
    expect(broken.output).toContain(
      `users.followers differs from the real count of follows of the person on 1 row (person @${people[0]?.username} holds 4, has 1)`,
    );
    expect(broken.output).toMatch(/^ok +counters +The other 10 counters equal their rows\./m);
    expect(broken.output).toMatch(
      new RegExp(`^problem +images +1 image of the database lacks 1 file \\(images/${imageId}/w640\\.webp\\)`, 'm'),
    );
    expect(broken.output).toMatch(
      new RegExp(`^warning +images +1 file in .* belongs to no image: images/${orphanId}/w640\\.webp\\.`, 'm'),
    );
    expect(broken.output).not.toContain(path.basename(path.dirname(young)));

    const repaired = await doctor({ repair: true });
    const plan = repaired.lines.indexOf('Repair plan:');
    const doing = repaired.lines.indexOf('Repairing:');
    expect(plan).toBeGreaterThan(0);
    expect(doing).toBeGreaterThan(plan);
    const planned = repaired.lines.slice(plan + 1, doing).join('\n');
    expect(planned).toContain('set posts.like_count to the real count of likes on 1 row');
    expect(planned).toContain('set users.followers to the real count of follows of the person on 1 row');
    expect(planned).toContain(
      `remove 1 orphaned file (11 B) from ${path.join(dataDir, 'media')}: images/${orphanId}/w640.webp`,
    );
    expect(planned).toContain('not repairable here: 1 image with missing files');
    const done = repaired.lines.slice(doing + 1).join('\n');
    expect(done).toContain(`posts.like_count: set to the real count on 1 row (post ${firstPost} 7 → 2)`);
    expect(done).toContain(`users.followers: set to the real count on 1 row (person @${people[0]?.username} 4 → 1)`);
    expect(done).toContain(
      `removed 1 orphaned file from ${path.join(dataDir, 'media')} (images/${orphanId}/w640.webp)`,
    );
    // the missing file is still missing: a problem the repair cannot fix
    expect(repaired.exitCode).toBe(1);

    expect(await likeCountersOff()).toEqual([]);
    const { rows: followers } = await sql.query('select followers from users where id = $1', [people[0]?.id]);
    expect(followers[0]).toEqual({ followers: 1 });
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(path.dirname(orphan))).toBe(false);
    expect(fs.existsSync(young)).toBe(true);

    const again = await doctor();
    expect(again.output).toMatch(/^ok +counters +All 12 counters/m);
    expect(again.output).not.toMatch(/belongs? to no image/);
    expect(again.output).toMatch(/^problem +images +1 image of the database lacks 1 file/m);
    expect(again.exitCode).toBe(1);

    // the picture comes back from "a backup", the upload in flight is gone: healthy again
    fs.writeFileSync(missing, kept);
    fs.rmSync(path.dirname(young), { recursive: true });
    expect((await doctor()).exitCode).toBe(0);
  });

  it('repairs counters while people like and unlike on the running site', async () => {
    const likers = people.slice(1);
    // most writes on one post, so that the repair meets likes in flight on the rows it locks
    const targets = [`post/${postIds[0]}`, `post/${postIds[0]}`, `post/${postIds[1]}`, `question/${questionId}`];
    let writing = true;
    const statuses = new Map<number, number>();
    const writers = [...likers, ...likers].map(async (person, index) => {
      for (let round = 0; writing; round++) {
        // a like, then taking it back, on each target in turn
        const target = targets[(index + Math.floor(round / 2)) % targets.length];
        const response = await api(round % 2 === 0 ? 'PUT' : 'DELETE', `/api/likes/${target}`, { person });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    });
    try {
      for (let round = 0; round < 5; round++) {
        await sql.query('update posts set like_count = like_count + 7 where group_id = $1', [groupId]);
        await sql.query('update questions set like_count = like_count + 4 where id = $1', [questionId]);
        const repaired = await doctor({ repair: true });
        expect(repaired.output).toMatch(/^ {2}- posts\.like_count: set to the real count on 2 rows/m);
        expect(repaired.output).toMatch(/^ {2}- questions\.like_count: set to the real count on 1 row/m);
        expect(repaired.output).not.toContain('NOT repaired');
      }
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(await likeCountersOff()).toEqual([]);
    const after = await doctor();
    expect(after.output).toMatch(/^ok +counters +All 12 counters/m);
    expect(after.exitCode).toBe(0);
  });

  it('checks the session secret: in secrets.json, kept private, shared by the processes of one database', async () => {
    const secrets = path.join(dataDir, 'secrets.json');
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, DATA_DIR: dataDir };
    const fromFile = await doctor({ env });
    expect(fromFile.output).toContain(`ok       secrets     The session secret is kept in ${secrets}.`);
    expect(fromFile.output).toMatch(
      /^warning +secrets +With DATABASE_URL, several processes can share the database, but SESSION_SECRET is not set/m,
    );
    expect(fromFile.exitCode).toBe(0);

    fs.chmodSync(secrets, 0o644);
    try {
      const readable = await doctor({ env });
      expect(readable.output).toContain(
        `warning  secrets     ${secrets} can be read by other users of this machine (mode 644). → Run: chmod 600 ${secrets}`,
      );
    } finally {
      fs.chmodSync(secrets, 0o600);
    }
    fs.renameSync(secrets, `${secrets}.away`);
    try {
      const none = await doctor({ env });
      expect(none.output).toMatch(/^warning +secrets +SESSION_SECRET is not set and .*secrets\.json does not exist/m);
    } finally {
      fs.renameSync(`${secrets}.away`, secrets);
    }
  });

  it('lists the S3 bucket: a missing object and an orphaned one; without S3_* such images are a problem', async () => {
    const bucketDir = makeTempDir('townhall-doctor-s3-');
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'doctor-images', configs: [] }],
    });
    const { port } = await s3rver.run();
    const s3: S3Config = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'doctor-images',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const storage = createS3Storage(s3);
    const [stored, lost, orphan] = [randomUUID(), randomUUID(), randomUUID()];
    try {
      for (const id of [stored, lost]) {
        await sql.query(
          `insert into images (id, owner_id, purpose, source_type, source_bytes, width, height, variants, storage)
           values ($1, $2, 'post', 'image/png', 100, 640, 480, '[{"name":"w640","format":"webp","width":640,"height":480,"bytes":4}]', 's3')`,
          [id, people[0]?.id],
        );
      }
      await storage.put(`images/${stored}/w640.webp`, Buffer.from('webp'), 'image/webp');
      await storage.put(`images/${orphan}/w640.webp`, Buffer.from('left'), 'image/webp');

      const mediaRoot = path.join(dataDir, 'media');
      // s3rver dates its objects now: look from a time when they are old enough to be orphans
      const later = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);
      const found = await checkImages(sql, { mediaRoot, s3, now: later });
      expect(found.missing).toEqual([{ imageId: lost, storage: 's3', keys: [`images/${lost}/w640.webp`] }]);
      expect(found.orphans.s3.map((file) => file.key)).toEqual([`images/${orphan}/w640.webp`]);
      expect(found.orphans.local).toEqual([]);
      const lines = imageResults(found, { mediaRoot, s3 });
      expect(lines.map((line) => `${line.status} ${line.message}`)).toEqual([
        `problem 1 image of the database lacks 1 file (bucket images/${lost}/w640.webp): that picture answers 404.`,
        `warning 1 file in the bucket doctor-images (4 B) belongs to no image: images/${orphan}/w640.webp.`,
      ]);

      const [removal] = await removeOrphans(sql, found, { mediaRoot, s3 });
      expect(removal?.removed.map((file) => file.key)).toEqual([`images/${orphan}/w640.webp`]);
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'images/' }));
      expect((listed.Contents ?? []).map((item) => item.Key)).toEqual([`images/${stored}/w640.webp`]);

      // the same installation without S3_*: its S3 images cannot be served
      const withoutS3 = await doctor();
      expect(withoutS3.output).toMatch(/^problem +images +2 images are stored in an S3 bucket, but S3_\* is not set/m);
      expect(withoutS3.exitCode).toBe(1);
    } finally {
      await sql.query('delete from images where id = any($1::uuid[])', [[stored, lost]]);
      storage.client.destroy();
      await s3rver.close();
      fs.rmSync(bucketDir, { recursive: true, force: true });
    }
    expect((await doctor()).exitCode).toBe(0);
  });

  it('says in one line that a database cannot be reached, with no stack trace and no password', async () => {
    const password = 'not-a-real-password-42';
    const cli = await doctorCli({
      DATABASE_URL: `postgres://townhall:${password}@127.0.0.1:1/townhall`,
      DATA_DIR: dataDir,
      SESSION_SECRET,
    });
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(
      /^problem +database +postgres:\/\/townhall@127\.0\.0\.1:1\/townhall cannot be reached: .*ECONNREFUSED.* → Check that PostgreSQL runs/m,
    );
    expect(cli.stdout).toMatch(/^1 problem/m);
    const everything = cli.stdout + cli.stderr;
    expect(everything).not.toContain(password);
    expect(everything).not.toMatch(/\n\s+at /);
  });
});

describe('npm run doctor on the embedded database', () => {
  it("reads the running site's server, and starts it itself when the site is stopped", async () => {
    const embeddedDir = makeTempDir('townhall-doctor-embedded-');
    const site = await spawnServer({
      dataDir: embeddedDir,
      env: { DATABASE_URL: undefined, SESSION_SECRET: undefined, REDIS_URL: undefined, S3_BUCKET: undefined },
    });
    try {
      const running = await doctorCli({ DATA_DIR: embeddedDir });
      expect(running.stdout).toMatch(
        /^ok +database +PostgreSQL 18\.\S* answers at postgres:\/\/townhall@127\.0\.0\.1:\d+\/townhall \(the embedded server of the running site\)\./m,
      );
      expect(running.stdout).toContain(
        `ok       secrets     The session secret is kept in ${path.join(embeddedDir, 'secrets.json')}.`,
      );
      expect(running.stdout).toMatch(/^ok +jobs +Workers are connected/m);
      expect(running.code).toBe(0);
      const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(embeddedDir, 'secrets.json'), 'utf8')) as {
        postgresPassword: string;
      };
      expect(running.stdout + running.stderr).not.toContain(postgresPassword);

      expect(await site.stop()).toBe(0);
      const stopped = await doctorCli({ DATA_DIR: embeddedDir });
      expect(stopped.stdout).toMatch(
        /^ok +database +.*\(the embedded server, started by the doctor: the site is stopped\)\./m,
      );
      expect(stopped.stdout).toMatch(/^warning +jobs +Townhall is not running/m);
      expect(stopped.code).toBe(0);
      // the doctor stopped the server it started and gave the data directory back
      expect(fs.existsSync(path.join(embeddedDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(embeddedDir, 'townhall.pid'))).toBe(false);
    } finally {
      await site.stop();
      fs.rmSync(embeddedDir, { recursive: true, force: true });
    }
  }, 60_000);
});
