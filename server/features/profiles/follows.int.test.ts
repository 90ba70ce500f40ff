import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowResponseSchema, PeoplePageSchema, type PersonSummary } from '#shared/schemas/profiles.ts';
import { follows, users } from '../../db/schema/index.ts';
import { buildProfilesApp, setFollow, signUp, type TestPerson, uniqueSuffix } from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildProfilesApp();
});
afterAll(async () => {
  await app?.close();
});

async function counters(id: string) {
  const [row] = await app.db
    .select({ followers: users.followers, following: users.following })
    .from(users)
    .where(eq(users.id, id));
  const [followerRows] = await app.db.select({ n: count() }).from(follows).where(eq(follows.followedId, id));
  const [followingRows] = await app.db.select({ n: count() }).from(follows).where(eq(follows.followerId, id));
  return { stored: row, rows: { followers: followerRows?.n ?? -1, following: followingRows?.n ?? -1 } };
}

async function expectCountersMatchRows(id: string) {
  const { stored, rows } = await counters(id);
  expect(stored).toEqual(rows);
  return rows;
}

describe('PUT and DELETE /api/users/:userId/follow', () => {
  let ada: TestPerson;
  let bo: TestPerson;
  beforeAll(async () => {
    ada = await signUp(app, 'fol');
    bo = await signUp(app, 'fol');
  });

  it('needs a signed-in person, refuses following oneself and unknown people', async () => {
    const signedOut = await setFollow(app, null, ada.id, true);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('Sign in to follow people');
    const self = await setFollow(app, ada, ada.id, true);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot follow yourself');
    const unknown = await setFollow(app, ada, `nobody${uniqueSuffix()}`, true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User profile not found');
    const malformed = await setFollow(app, ada, 'not an id', true);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Invalid user ID');
    expect(await expectCountersMatchRows(ada.id)).toEqual({ followers: 0, following: 0 });
  });

  it('follows and unfollows idempotently, counters in step with the rows', async () => {
    for (let index = 0; index < 2; index++) {
      const response = await setFollow(app, bo, ada.id, true);
      expect(response.statusCode).toBe(200);
      expect(FollowResponseSchema.parse(response.json())).toEqual({ isFollowing: true, followers: 1 });
    }
    expect(await expectCountersMatchRows(ada.id)).toEqual({ followers: 1, following: 0 });
    expect(await expectCountersMatchRows(bo.id)).toEqual({ followers: 0, following: 1 });
    for (let index = 0; index < 2; index++) {
      const response = await setFollow(app, bo, ada.id, false);
      expect(FollowResponseSchema.parse(response.json())).toEqual({ isFollowing: false, followers: 0 });
    }
    expect(await expectCountersMatchRows(ada.id)).toEqual({ followers: 0, following: 0 });
    expect(await expectCountersMatchRows(bo.id)).toEqual({ followers: 0, following: 0 });
    const unknown = await setFollow(app, bo, `nobody${uniqueSuffix()}`, false);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the counts equal to the rows under 50 concurrent follows and unfollows, mutual ones included', async () => {
    const star = await signUp(app, 'star');
    const fans = await Promise.all(Array.from({ length: 10 }, () => signUp(app, 'fan')));
    for (let round = 0; round < 3; round++) {
      const requests: Promise<{ statusCode: number }>[] = [];
      for (let index = 0; index < 50; index++) {
        const fan = fans[index % fans.length] as TestPerson;
        const isFollowing = Math.random() < 0.6;
        // a third of them the other way round: star and fan follow each other at the same moment
        requests.push(
          index % 3 === 0 ? setFollow(app, star, fan.id, isFollowing) : setFollow(app, fan, star.id, isFollowing),
        );
      }
      const answers = await Promise.all(requests);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      await expectCountersMatchRows(star.id);
      for (const fan of fans) await expectCountersMatchRows(fan.id);
    }
  });
});

describe('GET /api/users/:userId/followers and /following', () => {
  let star: TestPerson;
  let viewer: TestPerson;
  const fans: TestPerson[] = [];
  beforeAll(async () => {
    star = await signUp(app, 'lst');
    viewer = await signUp(app, 'lst');
    for (let index = 0; index < 25; index++) fans.push(await signUp(app, 'lst'));
    // one after another, so "newest first" has an answer
    for (const fan of fans) expect((await setFollow(app, fan, star.id, true)).statusCode).toBe(200);
    expect((await setFollow(app, viewer, star.id, true)).statusCode).toBe(200);
    for (const fan of fans.slice(0, 5)) await setFollow(app, viewer, fan.id, true);
    for (const fan of fans.slice(0, 3)) await setFollow(app, star, fan.id, true);
  });

  async function allPages(url: string, cookie?: string, limit?: number) {
    const people: PersonSummary[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams();
      if (cursor) query.set('cursor', cursor);
      if (limit) query.set('limit', String(limit));
      const response = await app.inject({ url: `${url}?${query}`, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, response.body).toBe(200);
      const page = PeoplePageSchema.parse(response.json());
      people.push(...page.people);
      sizes.push(page.people.length);
      cursor = page.nextCursor;
    } while (cursor);
    return { people, sizes };
  }

  it('pages 20 at a time, newest first, without repeats', async () => {
    const { people, sizes } = await allPages(`/api/users/${star.id}/followers`);
    expect(sizes).toEqual([20, 6]);
    expect(people.map((person) => person.id)).toEqual([viewer.id, ...fans.map((fan) => fan.id).reverse()]);
    const times = people.map((person) => Date.parse(person.followedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const small = await allPages(`/api/users/${star.id}/followers`, undefined, 7);
    expect(small.sizes).toEqual([7, 7, 7, 5]);
    expect(small.people).toEqual(people);
  });

  it('says whether the viewer follows each person: null signed out and for the viewer', async () => {
    const signedOut = await allPages(`/api/users/${star.id}/followers`);
    expect(signedOut.people.every((person) => person.isFollowing === null)).toBe(true);
    const { people } = await allPages(`/api/users/${star.id}/followers`, viewer.cookie);
    const relation = new Map(people.map((person) => [person.id, person.isFollowing]));
    expect(relation.get(viewer.id)).toBeNull();
    for (const fan of fans.slice(0, 5)) expect(relation.get(fan.id)).toBe(true);
    for (const fan of fans.slice(5)) expect(relation.get(fan.id)).toBe(false);
    const fan = people.find((person) => person.id === fans[0]?.id);
    expect(fan).toMatchObject({ username: fans[0]?.username, followers: 2, quote: '', profileImageURL: '' });
  });

  it('lists the people someone follows, newest first', async () => {
    const { people } = await allPages(`/api/users/${star.id}/following`, viewer.cookie);
    expect(people.map((person) => person.id)).toEqual(
      fans
        .slice(0, 3)
        .map((fan) => fan.id)
        .reverse(),
    );
    expect(people.map((person) => person.isFollowing)).toEqual([true, true, true]);
    const none = await allPages(`/api/users/${fans[20]?.id}/following`);
    expect(none.people.map((person) => person.id)).toEqual([star.id]);
  });

  it('refuses a bad cursor and an unknown person', async () => {
    const bad = await app.inject({ url: `/api/users/${star.id}/followers?cursor=nonsense` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('This page link is not valid any more. Start again from the first page.');
    const unknown = await app.inject({ url: `/api/users/nobody${uniqueSuffix()}/following` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User profile not found');
    expect((await app.inject({ url: `/api/users/${star.id}/followers?limit=51` })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/users/${star.id}/followers?extra=1` })).statusCode).toBe(400);
  });
});
