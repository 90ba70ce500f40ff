import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import { call, createGroup, setSubscription, signUp, type TestPerson } from '../../test/factories.ts';

let app: FastifyInstance;
let baseUrl: string;
let host: TestPerson;
const sockets: TestLiveSocket[] = [];

async function connect(person?: TestPerson): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, ...(person ? { cookie: person.cookie } : {}) });
  sockets.push(socket);
  await socket.next((message) => message.type === 'welcome');
  return socket;
}

beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  host = await signUp(app, 'lvh');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
});

describe('live topics of groups', () => {
  it('lets anyone watch a group, and only the person their own user topic', async () => {
    const fan = await signUp(app, 'lvf');
    const group = await createGroup(app, host);
    const signedOut = await connect();
    expect(await signedOut.subscribe(`group:${group.id}`)).toMatchObject({ type: 'subscribed' });
    expect(await signedOut.subscribe(`user:${fan.id}`)).toMatchObject({ type: 'error', code: 'forbidden' });
    const asHost = await connect(host);
    expect(await asHost.subscribe(`user:${fan.id}`)).toMatchObject({ type: 'error', code: 'forbidden' });
    const asFan = await connect(fan);
    expect(await asFan.subscribe(`user:${fan.id}`)).toMatchObject({ type: 'subscribed' });
  });

  it('tells watchers of the group and the person’s tabs about a subscription', async () => {
    const fan = await signUp(app, 'lvf');
    const group = await createGroup(app, host);
    const watcher = await connect();
    await watcher.subscribe(`group:${group.id}`);
    const fanTab = await connect(fan);
    await fanTab.subscribe(`user:${fan.id}`);

    expect((await setSubscription(app, fan, group.id, true)).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'subscribers.changed')).toEqual({
      type: 'event',
      topic: `group:${group.id}`,
      event: 'subscribers.changed',
      ids: { groupId: group.id },
      data: { subscriberCount: 1 },
    });
    expect(await fanTab.next((m) => m.type === 'event' && m.event === 'access.changed')).toMatchObject({
      topic: `user:${fan.id}`,
      ids: { groupId: group.id },
    });
    expect(await fanTab.next((m) => m.type === 'event' && m.event === 'subscriptions.changed')).toMatchObject({
      ids: { groupId: group.id },
    });

    // an unchanged (idempotent) subscribe sends nothing more
    await setSubscription(app, fan, group.id, true);
    await setSubscription(app, fan, group.id, false);
    const second = await watcher.next(
      (m) => m.type === 'event' && m.event === 'subscribers.changed' && m.data?.subscriberCount === 0,
    );
    expect(second).toBeTruthy();
    expect(watcher.messages.filter((m) => m.type === 'event' && m.event === 'subscribers.changed')).toHaveLength(2);
  });

  it('tells watchers and the new member about a member added and removed', async () => {
    const member = await signUp(app, 'lvm');
    const group = await createGroup(app, host);
    const watcher = await connect();
    await watcher.subscribe(`group:${group.id}`);
    const memberTab = await connect(member);
    await memberTab.subscribe(`user:${member.id}`);

    const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username });
    expect(added.statusCode).toBe(201);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'members.changed')).toEqual({
      type: 'event',
      topic: `group:${group.id}`,
      event: 'members.changed',
      ids: { groupId: group.id, userId: member.id },
      data: { memberCount: 1 },
    });
    expect(await memberTab.next((m) => m.type === 'event' && m.event === 'access.changed')).toMatchObject({
      ids: { groupId: group.id },
    });
    await call(app, host, 'DELETE', `/api/groups/${group.id}/members/${member.id}`);
    expect(
      await watcher.next((m) => m.type === 'event' && m.event === 'members.changed' && m.data?.memberCount === 0),
    ).toBeTruthy();
  });

  it('announces likes, edits and deletion on the group topic', async () => {
    const group = await createGroup(app, host);
    const watcher = await connect();
    await watcher.subscribe(`group:${group.id}`);
    await call(app, host, 'PUT', `/api/groups/${group.id}/like`);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'likes.changed')).toMatchObject({
      data: { likeCount: 1 },
    });
    await call(app, host, 'PATCH', `/api/groups/${group.id}`, { name: 'Renamed' });
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'group.updated')).toMatchObject({
      ids: { groupId: group.id },
      data: { slug: group.slug },
    });
    await call(app, host, 'DELETE', `/api/groups/${group.id}`);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'group.deleted')).toMatchObject({
      ids: { groupId: group.id },
    });
  });
});
