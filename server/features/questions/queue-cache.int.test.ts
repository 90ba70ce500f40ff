import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { groups, pageChanges } from '../../db/schema/index.ts';
import {
  forgetOldPageChanges,
  GroupEvents,
  PAGE_CACHE_MAX_AGE_MS,
  PageCache,
  pageScope,
  personScope,
  SESSIONS_SCOPE,
} from '../../lib/page-cache.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { pageEventsHeard } from '../../test/page-events.ts';
import { listQuestions, type QuestionView } from './list-questions.ts';
import {
  type AmaCast,
  ask,
  buildAmaCast,
  call,
  listQueue,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

// Pages of the queue are served again until something they show changes (decision 034): each
// test compares what the API answers with a fresh read of the same page (listQuestions without a
// cache), after every kind of change, whoever makes it.

let app: FastifyInstance;
let cast: AmaCast;
let asker: TestPerson;
let raw: pg.Client;

beforeAll(async () => {
  app = await buildTestApp();
  cast = await buildAmaCast(app);
  asker = cast.subscriber;
  raw = new pg.Client({ connectionString: inject('databaseUrl') });
  await raw.connect();
});
afterAll(async () => {
  await raw?.end();
  await app?.close();
});

interface Look {
  person: () => TestPerson | null;
  sort: 'top' | 'new';
  view: QuestionView;
}
const looks: Look[] = [
  { person: () => null, sort: 'top', view: 'open' },
  { person: () => null, sort: 'new', view: 'open' },
  { person: () => null, sort: 'top', view: 'answered' },
  { person: () => asker, sort: 'top', view: 'open' },
  { person: () => asker, sort: 'new', view: 'answered' },
  { person: () => cast.host, sort: 'new', view: 'pending' },
  { person: () => cast.host, sort: 'top', view: 'hidden' },
  { person: () => cast.member, sort: 'top', view: 'open' },
];

/** The page as a fresh read gives it, as JSON. */
async function freshPage(person: TestPerson | null, sort: 'top' | 'new', view: QuestionView, groupId = cast.groupId) {
  const page = await listQuestions({
    db: app.db,
    viewer: person ? { id: person.id } : null,
    groupId,
    sort,
    view,
    limit: 20,
  });
  return JSON.parse(JSON.stringify(page)) as unknown;
}

/** Every look, twice through the API (the second one served again if nothing changed), equals a fresh read. */
async function expectFresh(label: string) {
  for (const look of looks) {
    const person = look.person();
    const query = `sort=${look.sort}&view=${look.view}&limit=20`;
    for (let time = 0; time < 2; time++) {
      const served = await listQueue(app, person, cast.groupId, query);
      expect(served, `${label}: ${person?.username ?? 'a visitor'} ${query}`).toEqual(
        await freshPage(person, look.sort, look.view),
      );
    }
  }
}

async function like(person: TestPerson, targetType: 'question' | 'answer', id: string, isLiked = true) {
  const response = await call(app, person, isLiked ? 'PUT' : 'DELETE', `/api/likes/${targetType}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
}

/** A write no trigger sees (replica role): what the cache cannot know of, so the kept page shows. */
async function writeUnseen(questionId: string, body: string) {
  await raw.query('begin');
  await raw.query('set local session_replication_role = replica');
  await raw.query('update questions set body = $1 where id = $2', [body, questionId]);
  await raw.query('commit');
}

describe('the question queue served again', () => {
  it('is served again while nothing changes, and never shows a page a fresh read would not', async () => {
    const before = app.groupEvents.count(cast.groupId);
    const question = await ask(app, asker, cast.groupId, 'Is this page kept?');
    await pageEventsHeard(app, cast.groupId, before);
    const first = await listQueue(app, null, cast.groupId, 'sort=new&limit=20');
    expect(first.questions[0]?.body).toBe('Is this page kept?');
    // a change no trigger sees leaves the kept page as it was: it is served again, not read again
    await writeUnseen(question.id, 'Changed behind its back');
    expect((await listQueue(app, null, cast.groupId, 'sort=new&limit=20')).questions[0]?.body).toBe(
      'Is this page kept?',
    );
    // any change the triggers see (here a vote) makes it read again, with everything since
    await like(cast.member, 'question', question.id);
    const again = await listQueue(app, null, cast.groupId, 'sort=new&limit=20');
    expect(again.questions[0]).toMatchObject({ body: 'Changed behind its back', likeCount: 1 });
  });

  it('follows every kind of write through the API', async () => {
    await expectFresh('at first');
    const question = await ask(app, asker, cast.groupId, 'What changes the page?');
    await expectFresh('asked');
    const other = await ask(app, cast.member, cast.groupId, 'And another one?');
    await expectFresh('asked again');
    await like(cast.member, 'question', question.id);
    await expectFresh('voted');
    await like(cast.host, 'question', other.id);
    await like(asker, 'question', other.id);
    await expectFresh('voted twice');
    await like(asker, 'question', other.id, false);
    await expectFresh('vote taken back');
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'An answer.' });
    expect(answered.statusCode, answered.body).toBe(200);
    await expectFresh('answered');
    const answerId = (answered.json() as { question: { answer: { id: string } } }).question.answer.id;
    await like(asker, 'answer', answerId);
    await expectFresh('answer liked');
    const edited = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Edited.' });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectFresh('answer edited');
    const commented = await call(app, asker, 'POST', `/api/questions/${other.id}/comments`, { body: 'A comment' });
    expect(commented.statusCode, commented.body).toBe(201);
    await expectFresh('commented');
    const questionEdit = await call(app, cast.member, 'PATCH', `/api/questions/${other.id}`, { body: 'Edited q' });
    expect(questionEdit.statusCode, questionEdit.body).toBe(200);
    await expectFresh('question edited');
    const moderations = [
      { isHidden: true },
      { isHidden: false },
      { isPinned: true },
      { isPinned: false },
      { isHidden: true },
    ];
    for (const moderation of moderations) {
      const moderated = await call(app, cast.host, 'PATCH', `/api/questions/${other.id}/moderation`, moderation);
      expect(moderated.statusCode, moderated.body).toBe(200);
      await expectFresh(JSON.stringify(moderation));
    }
    // the host renamed: every answer shows its author
    const renamed = await call(app, cast.host, 'PATCH', `/api/users/${cast.host.id}/profile`, {
      name: 'Renamed Host',
      username: `${cast.host.username}x`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    cast.host.username = `${cast.host.username}x`;
    await expectFresh('host renamed');
    const askerRenamed = await call(app, asker, 'PATCH', `/api/users/${asker.id}/profile`, { name: 'Renamed Asker' });
    expect(askerRenamed.statusCode, askerRenamed.body).toBe(200);
    await expectFresh('asker renamed');
    const deleted = await call(app, cast.member, 'DELETE', `/api/questions/${other.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectFresh('deleted');
  });

  it("follows an operator's SQL and a write that commits after a page was read in its snapshot", async () => {
    const question = await ask(app, cast.member, cast.groupId, 'Read while a write is open?');
    await expectFresh('asked');
    await raw.query('update questions set body = $1 where id = $2', ['Changed by an operator', question.id]);
    await expectFresh("operator's update");

    // the write is under way (not committed) when the page is read: the page is read without
    // it; once it commits, the page kept in that snapshot is stale and must be read again
    await raw.query('begin');
    await raw.query('update questions set like_count = like_count + 5 where id = $1', [question.id]);
    await expectFresh('write under way');
    // a later transaction commits meanwhile: the open one is now one the snapshot lists as under
    // way (below its xmax), not one after it
    await app.db.execute(
      sql`update questions set comment_count = comment_count where group_id = ${cast.groupId} and id <> ${question.id}`,
    );
    // a page first read now (a size nobody asked for) is read in a snapshot the write is not in
    const during = await listQueue(app, null, cast.groupId, 'sort=top&limit=13');
    const likesThen = during.questions.find((shown) => shown.id === question.id)?.likeCount;
    await raw.query('commit');
    const after = await listQueue(app, null, cast.groupId, 'sort=top&limit=13');
    expect(after.questions.find((shown) => shown.id === question.id)?.likeCount).toBe((likesThen ?? -100) + 5);
    await expectFresh('write committed');

    // a new host: the old one may no longer see the host's views
    const before = await call(app, cast.host, 'GET', `/api/groups/${cast.groupId}/questions?view=hidden`);
    expect(before.statusCode, before.body).toBe(200);
    await raw.query('update groups set owner_id = $1 where id = $2', [cast.member.id, cast.groupId]);
    try {
      const after = await call(app, cast.host, 'GET', `/api/groups/${cast.groupId}/questions?view=hidden`);
      expect(after.statusCode, after.body).toBe(403);
      const member = await listQueue(app, cast.member, cast.groupId, 'view=hidden');
      expect(member).toEqual(await freshPage(cast.member, 'top', 'hidden'));
    } finally {
      await app.db.update(groups).set({ ownerId: cast.host.id }).where(eq(groups.id, cast.groupId));
    }
    await expectFresh('host back');
  });

  it('stays right through a burst of votes and reads at once', async () => {
    const voters = await Promise.all(Array.from({ length: 8 }, (_, index) => signUp(app, `qcv${index}`)));
    await Promise.all(voters.map((voter) => setSubscription(app, voter, cast.groupId, true)));
    const targets = await Promise.all([
      ask(app, voters[0]!, cast.groupId, 'Burst one?'),
      ask(app, voters[1]!, cast.groupId, 'Burst two?'),
    ]);
    const reads = async () => {
      for (let round = 0; round < 10; round++) {
        await Promise.all([
          listQueue(app, null, cast.groupId, 'sort=top&limit=20'),
          listQueue(app, voters[2]!, cast.groupId, 'sort=top&limit=20'),
        ]);
      }
    };
    await Promise.all([
      reads(),
      ...voters.flatMap((voter) => targets.map((target) => like(voter, 'question', target.id))),
      reads(),
    ]);
    for (const person of [null, voters[2]!]) {
      expect(await listQueue(app, person, cast.groupId, 'sort=top&limit=20')).toEqual(
        await freshPage(person, 'top', 'open'),
      );
    }
    const shown = await listQueue(app, null, cast.groupId, 'sort=top&limit=20');
    for (const target of targets) {
      expect(shown.questions.find((question) => question.id === target.id)?.likeCount).toBe(voters.length);
    }
  });

  it("follows a rename of an answer's author and a change of host, which write no question", async () => {
    const own = await buildAmaCast(app);
    const question = await ask(app, own.subscriber, own.groupId, 'Who answers?');
    const answered = await call(app, own.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'I do.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const hidden = await ask(app, own.member, own.groupId, 'Hidden one?');
    const hiding = await call(app, own.host, 'PATCH', `/api/questions/${hidden.id}/moderation`, { isHidden: true });
    expect(hiding.statusCode, hiding.body).toBe(200);
    const answeredView = () => listQueue(app, null, own.groupId, 'view=answered');
    expect((await answeredView()).questions[0]?.answer?.author.name).not.toBe('Another Name');
    await answeredView();
    await raw.query('update users set name = $1 where id = $2', ['Another Name', own.host.id]);
    expect((await answeredView()).questions[0]?.answer?.author.name).toBe('Another Name');

    const hostsView = `/api/groups/${own.groupId}/questions?view=hidden`;
    expect((await call(app, own.host, 'GET', hostsView)).statusCode).toBe(200);
    expect((await call(app, own.host, 'GET', hostsView)).statusCode).toBe(200);
    await raw.query('update groups set owner_id = $1 where id = $2', [own.member.id, own.groupId]);
    expect((await call(app, own.host, 'GET', hostsView)).statusCode).toBe(403);
    expect((await listQueue(app, own.member, own.groupId, 'view=hidden')).questions.map((shown) => shown.id)).toEqual([
      hidden.id,
    ]);
  });

  it('keeps one page per viewer: likes and own pending questions are not shared', async () => {
    const strict = await buildAmaCast(app, { questionsNeedApproval: true });
    const open = await ask(app, strict.host, strict.groupId, 'Open one?');
    const waiting = await ask(app, strict.subscriber, strict.groupId, 'Waiting for approval?');
    await like(strict.member, 'question', open.id);
    const byMember = await listQueue(app, strict.member, strict.groupId, 'sort=new');
    const byAuthor = await listQueue(app, strict.subscriber, strict.groupId, 'sort=new');
    const byVisitor = await listQueue(app, null, strict.groupId, 'sort=new');
    expect(byMember.questions.map((question) => [question.id, question.isLiked])).toEqual([[open.id, true]]);
    expect(byAuthor.questions.map((question) => question.id)).toEqual([waiting.id, open.id]);
    expect(byAuthor.questions.find((question) => question.id === open.id)?.isLiked).toBe(false);
    expect(byVisitor.questions.map((question) => question.id)).toEqual([open.id]);
    // and again, served from what was kept
    expect(await listQueue(app, strict.member, strict.groupId, 'sort=new')).toEqual(byMember);
    expect(await listQueue(app, strict.subscriber, strict.groupId, 'sort=new')).toEqual(byAuthor);
    expect(await listQueue(app, null, strict.groupId, 'sort=new')).toEqual(byVisitor);
    // a page kept for the host is no page for anyone else
    expect(
      (await call(app, strict.host, 'GET', `/api/groups/${strict.groupId}/questions?view=pending`)).statusCode,
    ).toBe(200);
    expect(
      (await call(app, strict.member, 'GET', `/api/groups/${strict.groupId}/questions?view=pending`)).statusCode,
    ).toBe(403);
  });
});

describe('page_changes', () => {
  it("names a group's scopes as page_scope does in SQL, whatever the id's case, and people and sessions as SQL does", async () => {
    for (const id of [cast.groupId, cast.groupId.toUpperCase(), '00000000-0000-4000-8000-000000000000']) {
      const result = await raw.query<{ queue: string; posts: string; group: string }>(
        `select page_scope($1::uuid, 'queue')::text as queue, page_scope($1::uuid, 'posts')::text as posts,
          page_scope($1::uuid, 'group')::text as group`,
        [id],
      );
      expect(result.rows[0]).toEqual({
        queue: pageScope(id, 'queue'),
        posts: pageScope(id, 'posts'),
        group: pageScope(id, 'group'),
      });
      expect(new Set(Object.values(result.rows[0]!)).size).toBe(3);
    }
    for (const userId of [cast.host.id, 'Mixed-Case_id', 'é']) {
      const result = await raw.query<{ person: string }>('select person_scope($1)::text as person', [userId]);
      expect(result.rows[0]?.person).toBe(personScope(userId));
    }
    expect(personScope('a')).not.toBe(personScope('A'));
    const sessions = await raw.query<{ scope: string }>('select sessions_scope()::text as scope');
    expect(sessions.rows[0]?.scope).toBe(SESSIONS_SCOPE);
  });

  it('gets one row per group and transaction, and loses only the rows older than ten minutes', async () => {
    const group = cast.groupId;
    await raw.query('begin');
    const asked = await raw.query<{ xid: string }>(
      `insert into questions (group_id, author_id, body) values ($1, $2, 'one'), ($1, $2, 'two') returning pg_current_xact_id()::text as xid`,
      [group, asker.id],
    );
    await raw.query(`update questions set like_count = like_count where group_id = $1`, [group]);
    await raw.query('commit');
    const xid = asked.rows[0]!.xid;
    const rows = await app.db
      .select()
      .from(pageChanges)
      .where(and(eq(pageChanges.groupId, group), sql`${pageChanges.xid} = ${xid}::xid8`));
    expect(rows).toHaveLength(1);

    await app.db.execute(
      sql`update page_changes set changed_at = now() - interval '11 minutes' where group_id = ${group} and xid = ${xid}::xid8`,
    );
    await raw.query(`update questions set like_count = like_count where group_id = $1`, [group]);
    const count = async () =>
      (await app.db.select().from(pageChanges).where(eq(pageChanges.groupId, group))).map((row) => row.xid);
    const beforeSweep = await count();
    await forgetOldPageChanges(app.db);
    const afterSweep = await count();
    expect(afterSweep).not.toContain(xid);
    expect(afterSweep.length).toBe(beforeSweep.length - 1);
    expect(afterSweep.length).toBeGreaterThan(0);
  });
});

describe('PageCache', () => {
  it('keeps the most recently used pages up to its size, each for at most its age', async () => {
    let now = 0;
    const cache = new PageCache<string>({ maxEntries: 2, now: () => now });
    const snapshot = async () =>
      (await app.db.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`)).rows[0]!
        .snapshot;
    const before = { scopes: [cast.groupId], snapshot: await snapshot() };
    await raw.query(`update questions set like_count = like_count where group_id = $1`, [cast.groupId]);
    cache.store('a', before, 'A');
    // the group changed since the snapshot the page was read in: it is read again
    expect(await cache.read(app.db, 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
    const freshSource = { scopes: [cast.groupId], snapshot: await snapshot() };
    cache.store('a', freshSource, 'A');
    cache.store('b', freshSource, 'B');
    expect(await cache.read(app.db, 'a')).toBe('A');
    cache.store('c', freshSource, 'C');
    expect(cache.size).toBe(2);
    expect(await cache.read(app.db, 'b')).toBeUndefined();
    expect(await cache.read(app.db, 'a')).toBe('A');
    expect(await cache.read(app.db, 'c')).toBe('C');
    now += PAGE_CACHE_MAX_AGE_MS + 1;
    expect(await cache.read(app.db, 'a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("drops a page when the group's live events were heard since, without asking PostgreSQL", async () => {
    const events = new GroupEvents();
    const cache = new PageCache<string>({ events });
    const noDatabase = {} as Database;
    cache.store('page', { scopes: [cast.groupId], snapshot: '1:1:' }, 'kept');
    events.heard(cast.groupId);
    // a probe would need the database, which this one is not
    expect(await cache.read(noDatabase, 'page')).toBeUndefined();
    expect(cache.size).toBe(0);
    // another group's events change nothing: the page is asked about (and this time the group did change)
    cache.store('page', { scopes: [cast.groupId], snapshot: '1:1:' }, 'kept');
    events.heard('another group');
    expect(await cache.read(app.db, 'page')).toBeUndefined();
  });

  it('reads a page once for a burst of requests that come while it is read, and each asks after', async () => {
    const cache = new PageCache<string>();
    const snapshot = (await app.db.execute<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`))
      .rows[0]!.snapshot;
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { value: `page ${loads}`, source: { scopes: [cast.groupId], snapshot } };
    };
    const served = await Promise.all(Array.from({ length: 5 }, () => cache.serve(app.db, 'burst', load)));
    expect(served).toEqual(Array(5).fill('page 1'));
    expect(loads).toBe(1);
    // a read that fails is not shared: each waiting request reads for itself
    let failures = 0;
    const failing = async (): Promise<{ value: string; source: undefined }> => {
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('no page');
    };
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => cache.serve(app.db, 'failing', failing)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(failures).toBe(3);
  });
});
