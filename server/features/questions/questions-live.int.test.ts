import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import { ask, buildAmaCast, call, type TestPerson } from '../../test/factories.ts';

let app: FastifyInstance;
let baseUrl: string;
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
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
});

describe('live events of the question queue', () => {
  it('announces asking, answering and pinning on the group topic', async () => {
    const cast = await buildAmaCast(app);
    const watcher = await connect();
    await watcher.subscribe(`group:${cast.groupId}`);

    const question = await ask(app, cast.subscriber, cast.groupId, 'Live question?');
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'question.created')).toEqual({
      type: 'event',
      topic: `group:${cast.groupId}`,
      event: 'question.created',
      ids: { groupId: cast.groupId, questionId: question.id },
      data: { status: 'open' },
    });
    await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Live answer' });
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'question.answered')).toMatchObject({
      ids: { groupId: cast.groupId, questionId: question.id },
    });
    await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isPinned: true });
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'question.pinned')).toMatchObject({
      ids: { groupId: cast.groupId, questionId: question.id },
      data: { pinned: question.id },
    });
    await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isPinned: false });
    expect(
      await watcher.next((m) => m.type === 'event' && m.event === 'question.pinned' && m.data?.pinned === null),
    ).toMatchObject({ ids: { groupId: cast.groupId } });
  });

  it('tells only the host about a pending question, and everyone once approved', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const watcher = await connect();
    await watcher.subscribe(`group:${cast.groupId}`);
    const hostTab = await connect(cast.host);
    await hostTab.subscribe(`user:${cast.host.id}`);

    const pending = await ask(app, cast.subscriber, cast.groupId, 'Needs approval?');
    expect(await hostTab.next((m) => m.type === 'event' && m.event === 'question.created')).toMatchObject({
      topic: `user:${cast.host.id}`,
      ids: { questionId: pending.id },
      data: { status: 'pending' },
    });
    await call(app, cast.host, 'PATCH', `/api/questions/${pending.id}/moderation`, { isApproved: true });
    const created = await watcher.next((m) => m.type === 'event' && m.event === 'question.created');
    expect(created).toMatchObject({ topic: `group:${cast.groupId}`, ids: { questionId: pending.id } });
    // the group's watchers heard of it once: at approval, not when it was asked
    expect(watcher.messages.filter((m) => m.type === 'event' && m.event === 'question.created')).toHaveLength(1);
  });
});
