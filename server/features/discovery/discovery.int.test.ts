import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreatorListResponseSchema,
  DashboardResponseSchema,
  FeedResponseSchema,
  type Creator,
  type FeedItem,
} from '#shared/schemas/discovery.ts';
import { SessionListResponseSchema } from '#shared/schemas/sessions.ts';
import { posts, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { FEED_WINDOW } from './list-feed.ts';
import {
  ask,
  buildAmaCast,
  buildGroup,
  buildSession,
  call,
  createGroup,
  createPost,
  schedule,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function get(person: TestPerson | null, url: string) {
  const response = await call(app, person, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

async function follow(person: TestPerson, userId: string) {
  const response = await call(app, person, 'PUT', `/api/users/${userId}/follow`);
  expect(response.statusCode, response.body).toBe(200);
}

async function answer(host: TestPerson, questionId: string, body: string) {
  const response = await call(app, host, 'PUT', `/api/questions/${questionId}/answer`, { body });
  expect(response.statusCode, response.body).toBe(200);
}

async function moderate(host: TestPerson, questionId: string, input: Record<string, unknown>) {
  const response = await call(app, host, 'PATCH', `/api/questions/${questionId}/moderation`, input);
  expect(response.statusCode, response.body).toBe(200);
}

/** Every page of the viewer's feed, following the cursors. */
async function wholeFeed(person: TestPerson): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = FeedResponseSchema.parse(await get(person, `/api/me/feed${query}`));
    expect(page.items.length).toBeLessThanOrEqual(20);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

function expectNewestFirst(items: FeedItem[]) {
  for (let index = 1; index < items.length; index += 1) {
    const previous = items[index - 1];
    const current = items[index];
    if (!previous || !current) continue;
    expect(Date.parse(previous.createdAt)).toBeGreaterThanOrEqual(Date.parse(current.createdAt));
  }
}

describe('signed out', () => {
  it.each(['/api/me/feed', '/api/me/sessions', '/api/me/sessions?scope=live', '/api/me/dashboard'])(
    'answers 401 for %s',
    async (url) => {
      const response = await call(app, null, 'GET', url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    },
  );
});

describe('GET /api/me/feed', () => {
  it('holds the posts and answers of my groups and of creators I follow, newest first, and nothing else', async () => {
    const me = await signUp(app, 'fd');
    const subscribed = await buildAmaCast(app);
    const [followedHost, strangerHost] = await Promise.all([signUp(app, 'ff'), signUp(app, 'fs')]);
    const followedGroup = await createGroup(app, followedHost);
    const strangerGroup = await createGroup(app, strangerHost);
    const ownGroup = await createGroup(app, me);
    expect((await setSubscription(app, me, subscribed.groupId, true)).statusCode).toBe(200);
    await follow(me, followedHost.id);

    const subscribedPost = await createPost(app, subscribed.host, subscribed.groupId, { body: 'From the host' });
    const question = await ask(app, subscribed.subscriber, subscribed.groupId, 'What is next?');
    await answer(subscribed.host, question.id, 'This is next.');
    const hiddenQuestion = await ask(app, subscribed.subscriber, subscribed.groupId, 'Rude question?');
    await answer(subscribed.host, hiddenQuestion.id, 'An answer to hide.');
    await moderate(subscribed.host, hiddenQuestion.id, { isHidden: true });
    const followedPost = await createPost(app, followedHost, followedGroup.id, { body: 'Followed creator' });
    const ownPost = await createPost(app, me, ownGroup.id, { body: 'My own group' });
    await createPost(app, strangerHost, strangerGroup.id, { body: 'Nobody I know' });

    const items = await wholeFeed(me);
    expect(items.map((item) => [item.kind, item.id])).toEqual([
      ['post', ownPost.id],
      ['post', followedPost.id],
      ['answer', expect.any(String)],
      ['post', subscribedPost.id],
    ]);
    const answerItem = items[2];
    expect(answerItem).toMatchObject({
      kind: 'answer',
      body: 'This is next.',
      images: [],
      question: { id: question.id, body: 'What is next?' },
      group: { id: subscribed.groupId },
      author: { id: subscribed.host.id, username: subscribed.host.username },
    });
    expect(items[1]).toMatchObject({
      body: 'Followed creator',
      question: null,
      group: { id: followedGroup.id, slug: followedGroup.slug, name: followedGroup.name },
      author: { id: followedHost.id },
    });
    expectNewestFirst(items);

    // shown again, the hidden question's answer is back in its place; hidden again, gone
    await moderate(subscribed.host, hiddenQuestion.id, { isHidden: false });
    const shown = await wholeFeed(me);
    expect(shown.map((item) => item.kind)).toEqual(['post', 'post', 'answer', 'answer', 'post']);
    expect(shown[2]).toMatchObject({ body: 'An answer to hide.', question: { id: hiddenQuestion.id } });
    await moderate(subscribed.host, hiddenQuestion.id, { isHidden: true });
    expect(await wholeFeed(me)).toEqual(items);
  });

  it('includes groups I am a member of, and pages 20 at a time without repeats', async () => {
    const me = await signUp(app, 'fp');
    const host = await signUp(app, 'fq');
    const group = await createGroup(app, host);
    const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: me.username });
    expect(added.statusCode, added.body).toBe(201);
    // one insert: every row gets the same created_at, so the id alone orders them
    const same = new Date();
    await app.db.insert(posts).values(
      Array.from({ length: 25 }, (_, index) => ({
        groupId: group.id,
        authorId: host.id,
        body: `Post ${String(index)}`,
        createdAt: same,
      })),
    );
    await app.db.insert(posts).values(
      Array.from({ length: 3 }, (_, index) => ({
        groupId: group.id,
        authorId: host.id,
        body: `Older ${String(index)}`,
        createdAt: new Date(same.getTime() - (index + 1) * 60_000),
      })),
    );

    const first = FeedResponseSchema.parse(await get(me, '/api/me/feed'));
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const items = await wholeFeed(me);
    expect(items).toHaveLength(28);
    expect(new Set(items.map((item) => item.id)).size).toBe(28);
    expect(items.slice(-3).map((item) => item.body)).toEqual(['Older 0', 'Older 1', 'Older 2']);
    expectNewestFirst(items);
  });

  it(`is the same whether a page is among the site's ${String(FEED_WINDOW)} newest items or not`, async () => {
    // The feed first looks through the site's newest posts and answers and keeps mine; a page it
    // cannot fill there comes from each of my groups. Here my group's 25 newest posts and answers
    // are the site's newest; then come more than a window of a stranger's, then my older ones.
    const me = await signUp(app, 'fw');
    const stranger = await signUp(app, 'fx');
    const mine = await createGroup(app, me);
    const theirs = await createGroup(app, stranger);
    const at = (minutesFromNow: number) => `now() + interval '${String(minutesFromNow)} minutes'`;
    const insert = async (table: 'posts' | 'answers', groupId: string, author: string, count: number, time: string) => {
      if (table === 'posts') {
        await app.db.execute(
          sql.raw(`insert into posts (group_id, author_id, body, created_at)
            select '${groupId}', '${author}', 'Post ' || i, ${time} from generate_series(1, ${String(count)}) as i`),
        );
        return;
      }
      await app.db.execute(
        sql.raw(`with asked as (
            insert into questions (group_id, author_id, body, status, created_at)
            select '${groupId}', '${author}', 'Question ' || i || '?', 'answered', ${time} from generate_series(1, ${String(count)}) as i
            returning id, created_at)
          insert into answers (question_id, group_id, author_id, body, created_at)
          select id, '${groupId}', '${author}', 'Answer', created_at from asked`),
      );
    };
    const window = FEED_WINDOW + 100;
    await insert('posts', mine.id, me.id, 25, `${at(10)} + i * interval '1 second'`);
    await insert('answers', mine.id, me.id, 25, `${at(10)} + i * interval '1 second'`);
    await insert('posts', theirs.id, stranger.id, window, `${at(5)} - i * interval '1 millisecond'`);
    await insert('answers', theirs.id, stranger.id, window, `${at(5)} - i * interval '1 millisecond'`);
    await insert('posts', mine.id, me.id, 15, `${at(-60)} - i * interval '1 second'`);
    await insert('answers', mine.id, me.id, 15, `${at(-60)} - i * interval '1 second'`);

    const expected = await app.db.execute<{ kind: string; id: string }>(
      sql.raw(`select kind, id from (
          select 'post' as kind, id, created_at from posts where group_id = '${mine.id}'
          union all select 'answer', id, created_at from answers where group_id = '${mine.id}'
        ) as mine order by created_at desc, id desc`),
    );
    const items = await wholeFeed(me);
    expect(items.map((item) => [item.kind, item.id])).toEqual(expected.rows.map((row) => [row.kind, row.id]));
    expect(items).toHaveLength(80);
    expectNewestFirst(items);
  });

  it('refuses a cursor it did not make', async () => {
    const me = await signUp(app, 'fc');
    const response = await call(app, me, 'GET', '/api/me/feed?cursor=nonsense');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_cursor');
  });
});

describe('GET /api/me/sessions', () => {
  it('lists the upcoming and live sessions of my groups only, soonest first', async () => {
    const me = await signUp(app, 'ms');
    const cast = await buildAmaCast(app);
    const other = await buildAmaCast(app);
    expect((await setSubscription(app, me, cast.groupId, true)).statusCode).toBe(200);
    const later = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      startsAt: new Date(Date.now() + 2 * 3_600_000),
    });
    const sooner = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const live = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      status: 'live',
      startsAt: new Date(),
      startedAt: new Date(),
    });
    await buildSession(app, { groupId: other.groupId, hostId: other.host.id });
    await buildSession(app, { groupId: other.groupId, hostId: other.host.id, status: 'live', startedAt: new Date() });

    const upcoming = SessionListResponseSchema.parse(await get(me, '/api/me/sessions?scope=upcoming'));
    expect(upcoming.sessions.map((session) => session.id)).toEqual([sooner, later]);
    const liveNow = SessionListResponseSchema.parse(await get(me, '/api/me/sessions?scope=live'));
    expect(liveNow.sessions.map((session) => session.id)).toEqual([live]);
    expect(liveNow.sessions[0]?.group.slug).toBeTruthy();
  });
});

describe('GET /api/creators', () => {
  it('lists people hosting a group by followers, most first, pages without repeats, no disabled accounts', async () => {
    const fans = await Promise.all([signUp(app, 'cf'), signUp(app, 'cf'), signUp(app, 'cf'), signUp(app, 'cf')]);
    const [top, middle, low, disabled, noGroup] = await Promise.all([
      signUp(app, 'ct'),
      signUp(app, 'cm'),
      signUp(app, 'cl'),
      signUp(app, 'cd'),
      signUp(app, 'cn'),
    ]);
    await Promise.all([
      buildGroup(app, top.id),
      buildGroup(app, top.id),
      buildGroup(app, middle.id),
      buildGroup(app, low.id),
      buildGroup(app, disabled.id),
    ]);
    for (const [person, count] of [
      [top, 4],
      [middle, 2],
      [low, 2],
      [disabled, 4],
      [noGroup, 4],
    ] as const) {
      for (const fan of fans.slice(0, count)) await follow(fan, person.id);
    }
    await follow(top, middle.id);
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));

    // walk the list as `top` until `low` (2 followers) shows: everyone with more comes first
    const seen: Creator[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = CreatorListResponseSchema.parse(await get(top, `/api/creators?limit=50${query}`));
      seen.push(...page.people);
      cursor = seen.some((person) => person.id === low.id) ? null : page.nextCursor;
    } while (cursor);

    expect(new Set(seen.map((person) => person.id)).size).toBe(seen.length);
    for (let index = 1; index < seen.length; index += 1) {
      expect(seen[index - 1]?.followers).toBeGreaterThanOrEqual(seen[index]?.followers ?? 0);
    }
    const ids = seen.map((person) => person.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(noGroup.id);
    expect(ids.indexOf(top.id)).toBeLessThan(ids.indexOf(middle.id));
    expect(ids.indexOf(middle.id)).toBeLessThan(ids.indexOf(low.id));
    expect(seen.find((person) => person.id === top.id)).toMatchObject({
      username: top.username,
      followers: 4,
      groupCount: 2,
      isFollowing: null,
    });
    expect(seen.find((person) => person.id === middle.id)).toMatchObject({ followers: 3, isFollowing: true });
    expect(seen.find((person) => person.id === low.id)).toMatchObject({
      followers: 2,
      groupCount: 1,
      isFollowing: false,
    });
  });

  it('answers isFollowing null signed out, and pages by cursor in order', async () => {
    const hosts = await Promise.all([signUp(app, 'cp'), signUp(app, 'cp'), signUp(app, 'cp')]);
    await Promise.all(hosts.map((host) => buildGroup(app, host.id)));
    const first = CreatorListResponseSchema.parse(await get(null, '/api/creators?limit=2'));
    expect(first.people).toHaveLength(2);
    for (const person of first.people) expect(person.isFollowing).toBeNull();
    if (!first.nextCursor) throw new Error('three creators at least: a second page must exist');
    const second = CreatorListResponseSchema.parse(
      await get(null, `/api/creators?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`),
    );
    const firstIds = first.people.map((person) => person.id);
    for (const person of second.people) expect(firstIds).not.toContain(person.id);
    expect(first.people.at(-1)?.followers).toBeGreaterThanOrEqual(second.people[0]?.followers ?? 0);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await call(app, null, 'GET', '/api/creators?cursor=abc');
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/me/dashboard', () => {
  it('counts unanswered and pending questions exactly, for my groups only', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const other = await buildAmaCast(app);
    const plain = await createGroup(app, cast.host, { name: 'Plain group' });
    const asked = [];
    for (const body of ['One?', 'Two?', 'Three?', 'Four?', 'Five?', 'Six?']) {
      asked.push(await ask(app, cast.subscriber, cast.groupId, body));
    }
    const [one, two, three, four, , six] = asked;
    if (!one || !two || !three || !four || !six) throw new Error('questions missing');
    for (const question of [one, two, three, four]) await moderate(cast.host, question.id, { isApproved: true });
    await answer(cast.host, three.id, 'Answered.');
    await moderate(cast.host, four.id, { isHidden: true });
    await moderate(cast.host, six.id, { isHidden: true });
    await ask(app, other.subscriber, other.groupId, 'Elsewhere?');
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Spring AMA' });
    await schedule(app, other.host, other.groupId, { title: 'Not mine' });
    await createPost(app, cast.member, cast.groupId, { body: 'Member post' });

    const dashboard = DashboardResponseSchema.parse(await get(cast.host, '/api/me/dashboard'));
    expect(dashboard.groups.map((group) => group.id).sort()).toEqual([cast.groupId, plain.id].sort());
    expect(dashboard.groups.find((group) => group.id === cast.groupId)).toMatchObject({
      subscriberCount: 1,
      memberCount: 1,
      unansweredCount: 2,
      pendingCount: 1,
    });
    expect(dashboard.groups.find((group) => group.id === plain.id)).toMatchObject({
      subscriberCount: 0,
      unansweredCount: 0,
      pendingCount: 0,
    });
    expect(dashboard.totals).toEqual({ subscribers: 1, unanswered: 2, pending: 1 });
    expect(dashboard.upcomingSessions.map((item) => item.id)).toEqual([session.id]);

    const kinds = dashboard.activity.map((item) => item.kind);
    expect(kinds).toContain('post');
    expect(kinds).toContain('question');
    expect(kinds).toContain('subscription');
    for (const item of dashboard.activity) {
      expect([cast.groupId, plain.id]).toContain(item.group.id);
      expect(item.actor.id).not.toBe(cast.host.id);
    }
    const activityTexts = dashboard.activity.map((item) => item.text);
    expect(activityTexts).not.toContain('Four?');
    expect(activityTexts).not.toContain('Six?');
    expect(dashboard.activity.find((item) => item.kind === 'post')).toMatchObject({
      text: 'Member post',
      actor: { id: cast.member.id },
      target: { type: 'post' },
    });
    expect(dashboard.activity.find((item) => item.kind === 'subscription')).toMatchObject({
      actor: { id: cast.subscriber.id },
      target: { type: 'group', id: cast.groupId },
    });
    const times = dashboard.activity.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is empty for someone hosting nothing', async () => {
    const person = await signUp(app, 'dn');
    const dashboard = DashboardResponseSchema.parse(await get(person, '/api/me/dashboard'));
    expect(dashboard).toEqual({
      groups: [],
      totals: { subscribers: 0, unanswered: 0, pending: 0 },
      upcomingSessions: [],
      activity: [],
    });
  });
});
