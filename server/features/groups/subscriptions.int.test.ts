import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, SUBSCRIPTION_MESSAGES } from '#shared/constants/group-messages.ts';
import {
  SubscribeResponseSchema,
  SubscriberListResponseSchema,
  SubscriptionListResponseSchema,
  SubscriptionStatusResponseSchema,
  type SubscriberRecord,
  type SubscriptionItem,
} from '#shared/schemas/groups.ts';
import { groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { touchGroupActivity } from './touch-group-activity.ts';
import {
  buildGroup,
  call,
  createGroup,
  expectSubscriberCountMatchesRows,
  expectSubscribingMatchesRows,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
let host: TestPerson;
beforeAll(async () => {
  app = await buildTestApp();
  host = await signUp(app, 'sh');
});
afterAll(async () => {
  await app?.close();
});

const MISSING_GROUP = '00000000-0000-4000-8000-000000000000';

describe('PUT and DELETE /api/groups/:groupId/subscription', () => {
  it('subscribes and unsubscribes idempotently, counters in step with the rows', async () => {
    const fan = await signUp(app, 'sfan');
    const group = await createGroup(app, host);
    for (const expectedChange of [true, false]) {
      const response = await setSubscription(app, fan, group.id, true);
      expect(response.statusCode, response.body).toBe(200);
      expect(SubscribeResponseSchema.parse(response.json())).toEqual({
        isSubscribed: true,
        changed: expectedChange,
        subscriberCount: 1,
        access: {
          groupId: group.id,
          role: 'subscriber',
          canSubscribe: false,
          isSubscribed: true,
          isMember: false,
          isLiked: false,
        },
      });
    }
    expect(await expectSubscribingMatchesRows(app, fan.id)).toBe(1);
    expect(await expectSubscriberCountMatchesRows(app, group.id)).toBe(1);
    const status = SubscriptionStatusResponseSchema.parse(
      (await call(app, fan, 'GET', `/api/groups/${group.id}/subscription`)).json(),
    );
    expect(status).toMatchObject({
      isSubscribed: true,
      subscription: { groupId: group.id, groupName: group.name, groupImage: '', lastViewedAt: null },
    });
    for (const expectedChange of [true, false]) {
      const response = await setSubscription(app, fan, group.id, false);
      expect(SubscribeResponseSchema.parse(response.json())).toMatchObject({
        isSubscribed: false,
        changed: expectedChange,
        subscriberCount: 0,
        access: { role: 'guest', canSubscribe: true, isSubscribed: false },
      });
    }
    expect(await expectSubscribingMatchesRows(app, fan.id)).toBe(0);
    expect(await expectSubscriberCountMatchesRows(app, group.id)).toBe(0);
    expect((await call(app, fan, 'GET', `/api/groups/${group.id}/subscription`)).json()).toEqual({
      isSubscribed: false,
      subscription: null,
    });
  });

  it('answers the spec’s messages signed out and for a missing group', async () => {
    const group = await createGroup(app, host);
    const fan = await signUp(app, 'sfan');
    const subscribe = await setSubscription(app, null, group.id, true);
    expect(subscribe.statusCode).toBe(401);
    expect(subscribe.json().error.message).toBe(SUBSCRIPTION_MESSAGES.subscribeUnauthenticated);
    const unsubscribe = await setSubscription(app, null, group.id, false);
    expect(unsubscribe.statusCode).toBe(401);
    expect(unsubscribe.json().error.message).toBe(SUBSCRIPTION_MESSAGES.unsubscribeUnauthenticated);
    for (const id of [MISSING_GROUP, 'not-a-group']) {
      for (const isSubscribed of [true, false]) {
        const response = await setSubscription(app, fan, id, isSubscribed);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe('Group not found');
      }
    }
    expect((await app.inject({ url: `/api/groups/${group.id}/subscription` })).json()).toEqual({
      isSubscribed: false,
      subscription: null,
    });
    expect((await app.inject({ url: `/api/groups/${MISSING_GROUP}/subscription` })).statusCode).toBe(404);
    expect(await expectSubscribingMatchesRows(app, fan.id)).toBe(0);
  });

  it('refuses the host and members, who have full access already', async () => {
    const group = await createGroup(app, host);
    const member = await signUp(app, 'smem');
    expect(
      (await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username })).statusCode,
    ).toBe(201);
    const asHost = await setSubscription(app, host, group.id, true);
    expect(asHost.statusCode).toBe(400);
    expect(asHost.json().error).toEqual({
      code: 'host_cannot_subscribe',
      message: SUBSCRIPTION_MESSAGES.hostCannotSubscribe,
    });
    const asMember = await setSubscription(app, member, group.id, true);
    expect(asMember.statusCode).toBe(400);
    expect(asMember.json().error).toEqual({
      code: 'member_cannot_subscribe',
      message: SUBSCRIPTION_MESSAGES.memberCannotSubscribe,
    });
    // unsubscribing what one does not have changes nothing
    const hostOut = await setSubscription(app, host, group.id, false);
    expect(hostOut.statusCode).toBe(200);
    expect(hostOut.json()).toMatchObject({ changed: false, isSubscribed: false, access: { role: 'host' } });
    expect(await expectSubscriberCountMatchesRows(app, group.id)).toBe(0);
    expect(await expectSubscribingMatchesRows(app, host.id)).toBe(0);
  });

  it('keeps counters equal to the rows under 100 concurrent subscribes and unsubscribes by 20 people', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => signUp(app, 'sconc')));
    const groupIds = [await buildGroup(app, host.id), await buildGroup(app, host.id), await buildGroup(app, host.id)];
    for (let round = 0; round < 2; round++) {
      const requests = Array.from({ length: 100 }, (_, index) => {
        const person = people[index % people.length] as TestPerson;
        const groupId = groupIds[(index * 7 + round) % groupIds.length] as string;
        return setSubscription(app, person, groupId, Math.random() < 0.6);
      });
      const answers = await Promise.all(requests);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      for (const person of people) await expectSubscribingMatchesRows(app, person.id);
      for (const groupId of groupIds) await expectSubscriberCountMatchesRows(app, groupId);
    }
  });

  it('answers 500 with the spec’s message when the write fails unexpectedly', async () => {
    const fan = await signUp(app, 'sfail');
    const group = await createGroup(app, host);
    // a person at the counter's floor cannot go lower: the unsubscribe's counter update fails
    await app.db.insert(groupSubscriptions).values({ groupId: group.id, userId: fan.id });
    await app.db.execute(
      `alter table users add constraint test_subscribing_floor_${fan.id.toLowerCase().replace(/[^a-z0-9]/g, '')} check (id <> '${fan.id}' or subscribing >= 0) not valid`,
    );
    try {
      const response = await setSubscription(app, fan, group.id, false);
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toBe(SUBSCRIPTION_MESSAGES.unsubscribeFailed);
    } finally {
      await app.db.execute(
        `alter table users drop constraint test_subscribing_floor_${fan.id.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      );
    }
  });
});

describe('DELETE /api/groups/:groupId with subscribers', () => {
  it("takes the group off its subscribers' counters in the same transaction", async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, () => signUp(app, 'sdel')));
    const doomed = await createGroup(app, host);
    const kept = await createGroup(app, host);
    for (const fan of fans) {
      expect((await setSubscription(app, fan, doomed.id, true)).statusCode).toBe(200);
      expect((await setSubscription(app, fan, kept.id, true)).statusCode).toBe(200);
    }
    expect(await expectSubscribingMatchesRows(app, fans[0]?.id ?? '')).toBe(2);
    expect((await call(app, host, 'DELETE', `/api/groups/${doomed.id}`)).statusCode).toBe(204);
    for (const fan of fans) expect(await expectSubscribingMatchesRows(app, fan.id)).toBe(1);
    expect(await expectSubscriberCountMatchesRows(app, kept.id)).toBe(4);
    const rows = await app.db.select().from(groupSubscriptions).where(eq(groupSubscriptions.groupId, doomed.id));
    expect(rows).toEqual([]);
  });

  it('keeps counters right when deletions and subscriptions race', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp(app, 'srace')));
    const groupIds = await Promise.all(Array.from({ length: 4 }, () => buildGroup(app, host.id)));
    for (const fan of fans) for (const groupId of groupIds) await setSubscription(app, fan, groupId, true);
    const requests = [
      ...groupIds.slice(0, 2).map((groupId) => call(app, host, 'DELETE', `/api/groups/${groupId}`)),
      ...fans.flatMap((fan) => groupIds.map((groupId, index) => setSubscription(app, fan, groupId, index % 2 === 1))),
    ];
    const answers = await Promise.all(requests);
    for (const answer of answers) expect([200, 204, 404]).toContain(answer.statusCode);
    for (const fan of fans) await expectSubscribingMatchesRows(app, fan.id);
    for (const groupId of groupIds.slice(2)) await expectSubscriberCountMatchesRows(app, groupId);
  });
});

describe('GET /api/groups/:groupId/subscribers', () => {
  it('pages newest first, 20 at a time', async () => {
    const group = await createGroup(app, host);
    expect((await app.inject({ url: `/api/groups/${group.id}/subscribers` })).json()).toEqual({
      subscribers: [],
      nextCursor: null,
    });
    const fans = await Promise.all(Array.from({ length: 23 }, () => signUp(app, 'ssub')));
    for (const fan of fans) expect((await setSubscription(app, fan, group.id, true)).statusCode).toBe(200);
    const seen: SubscriberRecord[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await app.inject({
        url: `/api/groups/${group.id}/subscribers${cursor ? `?cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = SubscriberListResponseSchema.parse(response.json());
      seen.push(...page.subscribers);
      sizes.push(page.subscribers.length);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 3]);
    expect(seen.map((record) => record.id)).toEqual(fans.map((fan) => fan.id).reverse());
    expect(seen[0]).toMatchObject({ username: fans[22]?.username, groupId: group.id, image: '' });
    const bad = await app.inject({ url: `/api/groups/${group.id}/subscribers?cursor=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(GROUP_MESSAGES.invalidCursor);
    expect((await app.inject({ url: `/api/groups/${MISSING_GROUP}/subscribers` })).statusCode).toBe(404);
  });
});

describe('GET /api/me/subscriptions', () => {
  async function allSubscriptions(person: TestPerson) {
    const items: SubscriptionItem[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(app, person, 'GET', `/api/me/subscriptions${cursor ? `?cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = SubscriptionListResponseSchema.parse(response.json());
      items.push(...page.subscriptions);
      sizes.push(page.subscriptions.length);
      cursor = page.nextCursor;
    } while (cursor);
    return { items, sizes };
  }

  it('needs a signed-in person and a valid cursor', async () => {
    expect((await app.inject({ url: '/api/me/subscriptions' })).statusCode).toBe(401);
    const bad = await call(app, host, 'GET', '/api/me/subscriptions?cursor=WyJ4IiwieSJd');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'invalid_cursor', message: GROUP_MESSAGES.invalidCursor });
  });

  it('lists only ama groups, liveliest first, 20 a page (45 → 20, 20, 5)', async () => {
    const reader = await signUp(app, 'sread');
    const owner = await signUp(app, 'sown');
    await app.db.update(users).set({ name: 'Owner Name', profileImageUrl: '/media/x' }).where(eq(users.id, owner.id));
    const amaIds: string[] = [];
    for (let index = 0; index < 45; index++) amaIds.push(await buildGroup(app, owner.id, { ama: true }));
    const plainIds = [await buildGroup(app, owner.id), await buildGroup(app, owner.id)];
    for (const groupId of [...amaIds, ...plainIds]) {
      expect((await setSubscription(app, reader, groupId, true)).statusCode).toBe(200);
    }
    // activity on three groups, out of subscription order; the rest sort by subscription time
    const base = Date.now() + 60_000;
    await touchGroupActivity(app.db, amaIds[10] as string, new Date(base + 3000));
    await touchGroupActivity(app.db, amaIds[3] as string, new Date(base + 2000));
    await touchGroupActivity(app.db, amaIds[30] as string, new Date(base + 1000));

    const { items, sizes } = await allSubscriptions(reader);
    expect(sizes).toEqual([20, 20, 5]);
    const rest = amaIds.filter((id) => ![amaIds[10], amaIds[3], amaIds[30]].includes(id)).reverse();
    expect(items.map((item) => item.groupId)).toEqual([amaIds[10], amaIds[3], amaIds[30], ...rest]);
    expect(items.some((item) => plainIds.includes(item.groupId))).toBe(false);
    expect(items[0]).toMatchObject({
      groupName: 'Built group',
      creatorName: 'Owner Name',
      creatorProfileImage: '/media/x',
      username: owner.username,
      lastActivityAt: new Date(base + 3000).toISOString(),
      lastViewedAt: null,
      hasNewActivity: true,
      newQuestionsCount: 0,
      newAnswersCount: 0,
    });
    expect(items[3]).toMatchObject({ lastActivityAt: null, hasNewActivity: false });

    const small = [];
    let cursor: string | null = null;
    do {
      const response = await call(
        app,
        reader,
        'GET',
        `/api/me/subscriptions?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = SubscriptionListResponseSchema.parse(response.json());
      small.push(...page.subscriptions);
      cursor = page.nextCursor;
    } while (cursor);
    expect(small).toEqual(items);
  });

  it('shows new activity until the group is viewed, and again after newer activity', async () => {
    const reader = await signUp(app, 'sview');
    const group = await createGroup(app, host, { ama: true });
    expect((await setSubscription(app, reader, group.id, true)).statusCode).toBe(200);
    const itemOf = async () => (await allSubscriptions(reader)).items.find((item) => item.groupId === group.id);

    expect(await itemOf()).toMatchObject({ lastActivityAt: null, lastViewedAt: null, hasNewActivity: false });
    await touchGroupActivity(app.db, group.id);
    expect(await itemOf()).toMatchObject({ lastViewedAt: null, hasNewActivity: true });

    const viewed = await call(app, reader, 'POST', `/api/groups/${group.id}/viewed`);
    expect(viewed.statusCode).toBe(204);
    const afterView = await itemOf();
    expect(afterView?.lastViewedAt).not.toBeNull();
    expect(afterView?.hasNewActivity).toBe(false);

    await touchGroupActivity(app.db, group.id);
    expect(await itemOf()).toMatchObject({ hasNewActivity: true });
    const status = SubscriptionStatusResponseSchema.parse(
      (await call(app, reader, 'GET', `/api/groups/${group.id}/subscription`)).json(),
    );
    expect(status.subscription?.lastViewedAt).toBe(afterView?.lastViewedAt);
  });

  it('marks viewed only a subscription that exists', async () => {
    const group = await createGroup(app, host);
    const stranger = await signUp(app, 'sstr');
    expect((await call(app, stranger, 'POST', `/api/groups/${group.id}/viewed`)).statusCode).toBe(204);
    const rows = await app.db
      .select()
      .from(groupSubscriptions)
      .where(and(eq(groupSubscriptions.groupId, group.id), eq(groupSubscriptions.userId, stranger.id)));
    expect(rows).toEqual([]);
    expect((await call(app, null, 'POST', `/api/groups/${group.id}/viewed`)).statusCode).toBe(401);
    expect((await call(app, stranger, 'POST', `/api/groups/${MISSING_GROUP}/viewed`)).statusCode).toBe(404);
  });
});

describe('touchGroupActivity', () => {
  it('moves lastActivityAt forward only', async () => {
    const groupId = await buildGroup(app, host.id);
    const read = async () =>
      (await app.db.select({ at: groups.lastActivityAt }).from(groups).where(eq(groups.id, groupId)))[0]?.at ?? null;
    expect(await read()).toBeNull();
    const later = new Date('2030-01-02T03:04:05.678Z');
    await touchGroupActivity(app.db, groupId, later);
    expect(await read()).toEqual(later);
    await touchGroupActivity(app.db, groupId, new Date('2029-12-31T00:00:00.000Z'));
    expect(await read()).toEqual(later);
    const evenLater = new Date('2030-02-01T00:00:00.000Z');
    await app.db.transaction(async (tx) => touchGroupActivity(tx, groupId, evenLater));
    expect(await read()).toEqual(evenLater);
    // without a time: the transaction's, which is earlier than 2030, so nothing moves
    await touchGroupActivity(app.db, groupId);
    expect(await read()).toEqual(evenLater);
  });
});
