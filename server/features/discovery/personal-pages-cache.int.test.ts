import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DashboardResponseSchema, FeedResponseSchema } from '#shared/schemas/discovery.ts';
import { SubscriptionListResponseSchema } from '#shared/schemas/groups.ts';
import { NotificationListResponseSchema } from '#shared/schemas/notifications.ts';
import { SessionListResponseSchema, type SessionView } from '#shared/schemas/sessions.ts';
import { buildTestApp } from '../../test/app.ts';
import { listSubscriptions } from '../groups/list-subscriptions.ts';
import { listNotifications } from '../notifications/list-notifications.ts';
import { listSessions } from '../sessions/list-sessions.ts';
import { listFeed } from './list-feed.ts';
import { listMySessions } from './list-my-sessions.ts';
import { loadDashboard } from './load-dashboard.ts';
import {
  type AmaCast,
  ask,
  buildAmaCast,
  buildGroup,
  call,
  createPost,
  patchProfile,
  schedule,
  setFollow,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

// A person's feed, sessions, subscriptions and notifications, and the site's session lists, are
// served again until something they show or were chosen from changes (decision 035). Each check
// compares what the API answers, twice, with a fresh read (the list functions without a cache),
// for everyone, after every kind of change: through the API and in SQL.

let app: FastifyInstance;
let cast: AmaCast;
/** Follows the host, and subscribes to nothing. */
let follower: TestPerson;
/** Hosts a second group, to which cast.subscriber subscribes too. */
let otherHost: TestPerson;
let otherGroupId: string;
let raw: pg.Client;

beforeAll(async () => {
  app = await buildTestApp();
  cast = await buildAmaCast(app);
  [follower, otherHost] = await Promise.all([signUp(app, 'pf'), signUp(app, 'po')]);
  expect((await setFollow(app, follower, cast.host.id, true)).statusCode).toBe(200);
  const other = await call(app, otherHost, 'POST', '/api/groups', {
    name: 'Another group',
    slug: `other-${Date.now()}`,
    ama: true,
  });
  expect(other.statusCode, other.body).toBe(201);
  otherGroupId = (other.json() as { group: { id: string } }).group.id;
  expect((await setSubscription(app, cast.subscriber, otherGroupId, true)).statusCode).toBe(200);
  raw = new pg.Client({ connectionString: inject('databaseUrl') });
  await raw.connect();
});
afterAll(async () => {
  await raw?.end();
  await app?.close();
});

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
/** Everyone whose pages are compared (the people a test adds too). */
const everyone: TestPerson[] = [];
const people = () => [cast.host, cast.member, cast.subscriber, cast.guest, follower, otherHost, ...everyone];
const SESSION_VIEWS: SessionView[] = ['upcoming', 'live', 'past'];

async function get(person: TestPerson | null, url: string): Promise<unknown> {
  const response = await call(app, person, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** Every page this test knows, for everyone, twice each, equal to a fresh read. */
async function expectAllFresh(label: string) {
  const db = app.db;
  for (const view of SESSION_VIEWS) {
    // every group's sessions: other test files schedule theirs meanwhile, so the answer is compared
    // with fresh reads on either side of it that agree (a change in between is tried again)
    for (let time = 0; time < 2; time++) {
      for (let attempt = 1; ; attempt++) {
        const before = json(await listSessions({ db, view }));
        const answer = SessionListResponseSchema.parse(await get(null, `/api/sessions?view=${view}`));
        const after = json(await listSessions({ db, view }));
        if (JSON.stringify(before) === JSON.stringify(after) || attempt === 5) {
          expect(answer, `${label}: ${view}`).toEqual(after);
          break;
        }
      }
    }
  }
  for (const person of people()) {
    const viewer = { id: person.id };
    const who = (page: string) => `${label}: ${page} of ${person.username}`;
    const expected = {
      feed: json(await listFeed({ db, viewer })),
      upcoming: json(await listMySessions({ db, viewer, scope: 'upcoming' })),
      live: json(await listMySessions({ db, viewer, scope: 'live' })),
      subscriptions: json(await listSubscriptions({ db, viewer, limit: 20 })),
      notifications: json(await listNotifications({ db, viewer })),
      dashboard: json(await loadDashboard({ db, viewer })),
    };
    for (let time = 0; time < 2; time++) {
      expect(FeedResponseSchema.parse(await get(person, '/api/me/feed')), who('feed')).toEqual(expected.feed);
      for (const scope of ['upcoming', 'live'] as const) {
        expect(
          SessionListResponseSchema.parse(await get(person, `/api/me/sessions?scope=${scope}`)),
          who(`${scope} sessions`),
        ).toEqual(expected[scope]);
      }
      expect(
        SubscriptionListResponseSchema.parse(await get(person, '/api/me/subscriptions')),
        who('subscriptions'),
      ).toEqual(expected.subscriptions);
      expect(
        NotificationListResponseSchema.parse(await get(person, '/api/notifications')),
        who('notifications'),
      ).toEqual(expected.notifications);
      expect(DashboardResponseSchema.parse(await get(person, '/api/me/dashboard')), who('dashboard')).toEqual(
        expected.dashboard,
      );
    }
  }
}

function expectOk(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

/** A write no trigger sees (the replica role skips them), so what it changes shows only once a page is read again. */
async function unseen(statement: string, values: unknown[]) {
  await raw.query('begin');
  await raw.query('set local session_replication_role = replica');
  await raw.query(statement, values);
  await raw.query('commit');
}

describe("a person's pages served again", () => {
  it('are served again while nothing they show changes, and read again when something does', async () => {
    await createPost(app, cast.member, cast.groupId, { body: 'Kept for the feed?' });
    await schedule(app, cast.host, cast.groupId, { title: 'Kept session' });
    await ask(app, cast.subscriber, cast.groupId, 'A question for the bell?');
    await expectAllFresh('at first');
    const groupName = async (person: TestPerson | null, url: string, pick: (page: never) => unknown) =>
      pick((await get(person, url)) as never);
    const feedGroup = (page: { items: { group: { name: string } }[] }) => page.items[0]?.group.name;
    const sessionGroup = (page: { sessions: { group: { name: string } }[] }) => page.sessions[0]?.group.name;
    const subscriptionGroup = (page: { subscriptions: { groupName: string }[] }) =>
      page.subscriptions.find((item) => item.groupName.startsWith('Renamed') || item.groupName === 'A group')
        ?.groupName;
    const bellGroup = (page: { notifications: { group: { name: string } | null }[] }) =>
      page.notifications[0]?.group?.name;
    const dashboardGroup = (page: { groups: { name: string }[] }) => page.groups[0]?.name;
    const reads = async () => [
      await groupName(cast.member, '/api/me/feed', feedGroup),
      await groupName(cast.member, '/api/me/sessions?scope=upcoming', sessionGroup),
      await groupName(cast.subscriber, '/api/me/subscriptions', subscriptionGroup),
      await groupName(cast.host, '/api/notifications', bellGroup),
      await groupName(cast.host, '/api/me/dashboard', dashboardGroup),
    ];
    expect(await reads()).toEqual(Array(5).fill('A group'));
    // a rename no trigger sees leaves every kept page as it was: they were served again
    await unseen('update groups set name = $1 where id = $2', ['Renamed unseen', cast.groupId]);
    expect(await reads()).toEqual(Array(5).fill('A group'));
    // the same rename, seen: every page is read again
    await raw.query('update groups set name = $1 where id = $2', ['Renamed seen', cast.groupId]);
    expect(await reads()).toEqual(Array(5).fill('Renamed seen'));
    await expectAllFresh('renamed in SQL');
  });

  it("serve the site's session lists again while no session, nor what they show, changes", async () => {
    // other test files schedule sessions meanwhile, which rightly makes the lists read again: a try
    // counts only when no session of the site changed during it
    const session = await schedule(app, cast.host, cast.groupId, {
      title: 'Soonest',
      startsAt: new Date(Date.now() + 2 * 60_000).toISOString(),
    });
    // every scheduled session of the run's database is upcoming, soonest first, those whose time
    // passed unstarted included: the files running beside this one may put pages of them first
    const shownName = async () => {
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const listed = SessionListResponseSchema.parse(await get(null, `/api/sessions?view=upcoming${query}`));
        const found = listed.sessions.find((item) => item.id === session.id);
        if (found || !listed.nextCursor) return found?.group.name;
        cursor = listed.nextCursor;
      }
      return undefined;
    };
    const sessionsChangedSince = async (time: string) =>
      (
        await raw.query<{ changed: boolean }>(
          'select exists (select 1 from page_changes where group_id = sessions_scope() and changed_at >= $1) as changed',
          [time],
        )
      ).rows[0]!.changed;
    let clean = 0;
    for (let attempt = 0; attempt < 10 && clean < 2; attempt++) {
      const seenName = `Seen ${attempt}`;
      await raw.query('update groups set name = $1 where id = $2', [seenName, cast.groupId]);
      expect(await shownName()).toBe(seenName);
      const since = (await raw.query<{ now: string }>('select clock_timestamp()::text as now')).rows[0]!.now;
      await unseen('update groups set name = $1 where id = $2', [`Unseen ${attempt}`, cast.groupId]);
      const shown = await shownName();
      if (await sessionsChangedSince(since)) continue;
      // nothing changed the lists' scopes: the kept page was served
      expect(shown).toBe(seenName);
      clean += 1;
    }
    expect(clean).toBe(2);
    await raw.query('update groups set name = $1 where id = $2', ['Renamed seen', cast.groupId]);
    await expectAllFresh('sessions renamed');
  });

  it('follow posts, questions, answers, hiding, renames, sessions, follows, subscriptions and reads', async () => {
    await expectAllFresh('at first');
    const post = await createPost(app, cast.member, cast.groupId, { body: 'A post for the feed' });
    await expectAllFresh('posted');
    const question = await ask(app, cast.subscriber, cast.groupId, 'What will the feed show?');
    await expectAllFresh('asked');
    await expectOk(await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'This answer.' }));
    await expectAllFresh('answered');
    await expectOk(await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isHidden: true }));
    await expectAllFresh('hidden');
    await expectOk(
      await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isHidden: false }),
    );
    await expectAllFresh('shown again');
    await expectOk(await patchProfile(app, cast.host, cast.host.id, { name: 'Host renamed' }));
    await expectOk(await patchProfile(app, cast.member, cast.member.id, { name: 'Member renamed' }));
    await expectOk(await patchProfile(app, cast.subscriber, cast.subscriber.id, { name: 'Asker renamed' }));
    await expectAllFresh('people renamed');
    await expectOk(await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { name: 'Group renamed' }));
    await expectAllFresh('group renamed');

    const session = await schedule(app, cast.host, cast.groupId, { title: 'Scheduled' });
    await expectAllFresh('scheduled');
    await expectOk(await call(app, cast.host, 'PATCH', `/api/sessions/${session.id}`, { title: 'Retitled' }));
    await expectAllFresh('retitled');
    await expectOk(await call(app, cast.host, 'POST', `/api/sessions/${session.id}/start`));
    await expectAllFresh('started');
    const asked = await call(app, cast.member, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'A question of the session?',
      sessionId: session.id,
    });
    await expectOk(asked, 201);
    await expectAllFresh('asked in the session');
    await expectOk(await call(app, cast.host, 'POST', `/api/sessions/${session.id}/end`));
    await expectAllFresh('ended');
    const other = await schedule(app, otherHost, otherGroupId, { title: 'In the other group' });
    await expectAllFresh('scheduled elsewhere');
    await expectOk(await call(app, otherHost, 'DELETE', `/api/sessions/${other.id}`), 204);
    await expectAllFresh('deleted elsewhere');

    await expectOk(await setFollow(app, follower, cast.host.id, false));
    await expectAllFresh('unfollowed');
    await expectOk(await setFollow(app, follower, cast.host.id, true));
    await expectAllFresh('followed again');
    await expectOk(await setSubscription(app, cast.subscriber, cast.groupId, false));
    await expectAllFresh('unsubscribed');
    await expectOk(await setSubscription(app, cast.subscriber, cast.groupId, true));
    await expectAllFresh('subscribed again');
    await expectOk(await setSubscription(app, cast.guest, otherGroupId, true));
    await expectAllFresh('a new subscriber');
    // activity in the other group brings it first in the subscriber's list
    await createPost(app, otherHost, otherGroupId, { body: 'Something new elsewhere' });
    await ask(app, cast.guest, otherGroupId, 'A question elsewhere?');
    await expectAllFresh('activity elsewhere');
    await expectOk(await call(app, cast.subscriber, 'POST', `/api/groups/${otherGroupId}/viewed`), 204);
    await expectAllFresh('viewed');
    await expectOk(await call(app, cast.host, 'POST', '/api/notifications/read', {}));
    await expectAllFresh('read');
    await expectOk(await call(app, cast.member, 'DELETE', `/api/posts/${post.id}`), 204);
    await expectAllFresh('post deleted');
    await expectOk(await call(app, cast.host, 'DELETE', `/api/questions/${question.id}`), 204);
    await expectAllFresh('question deleted');
    await expectOk(await call(app, cast.host, 'DELETE', `/api/groups/${cast.groupId}/members/${cast.member.id}`));
    await expectAllFresh('member removed');
  });

  it('follow what an operator or a job writes in SQL', async () => {
    await expectAllFresh('at first');
    // a new group of a followed host, with a post: the follower's feed
    const built = await buildGroup(app, cast.host.id, { ama: true, name: 'Built by SQL' });
    await expectAllFresh('a group in SQL');
    await raw.query(`insert into posts (group_id, author_id, body) values ($1, $2, 'A post in SQL')`, [
      built,
      cast.host.id,
    ]);
    await expectAllFresh('a post in SQL');
    await raw.query('update users set name = $1, profile_image_url = $2 where id = $3', [
      'Renamed in SQL',
      '/images/renamed.webp',
      cast.host.id,
    ]);
    await expectAllFresh('a host renamed in SQL');
    await raw.query('update groups set owner_id = $1 where id = $2', [otherHost.id, built]);
    await expectAllFresh('a group handed over in SQL');
    await raw.query(`update ama_sessions set status = 'ended', ended_at = now() where status = 'live'`);
    await raw.query(`update ama_sessions set starts_at = starts_at - interval '1 minute'`);
    await expectAllFresh('sessions moved in SQL');
    await raw.query(`update notifications set read_at = null where user_id = $1`, [cast.host.id]);
    await raw.query(`delete from notifications where user_id = $1 and kind = 'new_question'`, [cast.subscriber.id]);
    await expectAllFresh('notifications in SQL');
    await raw.query(`update questions set is_hidden = true where group_id = $1`, [cast.groupId]);
    await expectAllFresh('questions hidden in SQL');
    await raw.query(`update groups set last_activity_at = now() + interval '1 minute' where id = $1`, [cast.groupId]);
    await expectAllFresh('activity in SQL');
    await raw.query('delete from groups where id = $1', [built]);
    await expectAllFresh('a group deleted in SQL');
    // a membership alone, with a post and a session in the group: the feed and my sessions
    await raw.query(`insert into posts (group_id, author_id, body) values ($1, $2, 'For members')`, [
      otherGroupId,
      otherHost.id,
    ]);
    await raw.query(
      `insert into ama_sessions (group_id, host_id, title, starts_at, duration_minutes)
        values ($1, $2, 'For members too', now() + interval '1 day', 30)`,
      [otherGroupId, otherHost.id],
    );
    await expectAllFresh('a post and a session for members');
    // someone whose sessions page is kept (the other group's) subscribes to a group with sessions
    await expectOk(await setSubscription(app, cast.guest, cast.groupId, true));
    await expectAllFresh('subscribed to a group with sessions');
    await raw.query('insert into group_members (group_id, user_id) values ($1, $2)', [otherGroupId, follower.id]);
    await expectAllFresh('a member added in SQL');
    await raw.query('delete from group_members where group_id = $1 and user_id = $2', [otherGroupId, follower.id]);
    await expectAllFresh('a member removed in SQL');
    // an account deleted: its subscription, questions, posts and comments go by the cascades
    const leaving = await signUp(app, 'pl');
    await expectOk(await setSubscription(app, leaving, cast.groupId, true));
    const post = await createPost(app, leaving, cast.groupId, { body: 'Soon gone' });
    await expectOk(await call(app, leaving, 'POST', `/api/posts/${post.id}/comments`, { body: 'Me too' }), 201);
    await expectOk(await setFollow(app, leaving, cast.host.id, true));
    await expectAllFresh('someone who will leave');
    await raw.query('delete from users where id = $1', [leaving.id]);
    await expectAllFresh('an account deleted in SQL');
  });

  it('reads again a page of notifications when one it looked through comes back into sight or goes', async () => {
    // one more notification than a page, each about its own question, written as a job would: the
    // oldest about a question of the other group
    const reader = await signUp(app, 'pn');
    everyone.push(reader);
    const ids: string[] = [];
    for (let index = 0; index <= 20; index++) {
      const { rows } = await raw.query<{ id: string }>(
        `with q as (insert into questions (group_id, author_id, author_username, author_name, body)
            values ($1, $2, 'someone', 'Someone', $3) returning id)
          insert into notifications (user_id, kind, actor_id, group_id, target_type, target_id, excerpt, created_at)
          select $4, 'new_answer', $5, $1, 'question', q.id::text, $3, now() - make_interval(mins => $6) from q
          returning target_id as id`,
        [
          index === 0 ? otherGroupId : cast.groupId,
          cast.member.id,
          `Bell question ${index}?`,
          reader.id,
          cast.host.id,
          30 - index,
        ],
      );
      ids.push(rows[0]!.id);
    }
    const page = async () => {
      const { notifications, nextCursor } = NotificationListResponseSchema.parse(
        await get(reader, '/api/notifications'),
      );
      return { excerpts: notifications.map((notification) => notification.excerpt), isMore: nextCursor !== null };
    };
    const newestFirst = (shown: number[]) => shown.toReversed().map((index) => `Bell question ${index}?`);
    const upTo20 = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(await page()).toEqual({ excerpts: newestFirst(upTo20), isMore: true });
    // hidden from everyone but their author and the host: the one after the page goes, and with it the next page
    await raw.query('update questions set is_hidden = true where id = $1', [ids[0]]);
    expect(await page()).toEqual({ excerpts: newestFirst(upTo20), isMore: false });
    await raw.query('update questions set is_hidden = false where id = $1', [ids[0]]);
    expect(await page()).toEqual({ excerpts: newestFirst(upTo20), isMore: true });
    // two of the page's go: the one after it comes in
    await raw.query('update questions set is_hidden = true where id = any($1::uuid[])', [[ids[20], ids[10]]]);
    const shown = [0, ...upTo20].filter((index) => index !== 20 && index !== 10);
    expect(await page()).toEqual({ excerpts: newestFirst(shown), isMore: false });
    await expectAllFresh('hidden');
    await raw.query('update questions set is_hidden = false where id = any($1::uuid[])', [[ids[20], ids[10]]]);
    expect(await page()).toEqual({ excerpts: newestFirst(upTo20), isMore: true });
    await expectAllFresh('shown again');
  });
});
