import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_MAX_MESSAGE_BYTES } from '#shared/schemas/live.ts';
import { buildTestApp } from '../test/app.ts';
import { roomsFixture } from '../test/fixtures/rooms.ts';
import { TestLiveSocket } from '../test/live-socket.ts';

let app: FastifyInstance;
let baseUrl: string;
let origin: string;
const sockets: TestLiveSocket[] = [];

async function connect(options: { origin?: string } = { origin }): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, options);
  sockets.push(socket);
  return socket;
}

const uniqueRoom = () => `open${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  app = await buildTestApp({ plugins: [roomsFixture] });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  origin = baseUrl;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

describe('live channel handshake', () => {
  it('greets a same-origin client', async () => {
    const socket = await connect();
    const welcome = await socket.next((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ type: 'welcome' });
  });

  it('accepts the public URL as Origin', async () => {
    await expect(connect({ origin: 'http://townhall.test' })).resolves.toBeInstanceOf(TestLiveSocket);
  });

  it('refuses a page of another site', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('refuses a handshake without Origin', async () => {
    await expect(connect({})).rejects.toThrow('HTTP 403');
  });
});

describe('live channel topics', () => {
  it('refuses an unknown topic kind', async () => {
    const socket = await connect();
    expect(await socket.subscribe('nothing:1')).toMatchObject({
      type: 'error',
      code: 'unknown_topic',
      message: 'There is no topic kind "nothing".',
    });
  });

  it('refuses a topic the viewer may not watch, and sends it nothing', async () => {
    const socket = await connect();
    expect(await socket.subscribe('room:secret1')).toMatchObject({ type: 'error', code: 'forbidden' });
    await app.inject({ method: 'POST', url: '/api/test-rooms/secret1/messages', payload: { text: 'psst' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('answers malformed messages with an error and stays open', async () => {
    const socket = await connect();
    socket.send('not json');
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ code: 'invalid_message' });
    socket.send({ type: 'subscribe', topic: 'no spaces allowed' });
    await vi.waitFor(() => expect(socket.messages.filter((m) => m.type === 'error')).toHaveLength(2));
    socket.send({ type: 'ping' });
    expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('closes a socket that sends more than 64 KiB in one message', async () => {
    const socket = await connect();
    socket.sendRaw('x'.repeat(LIVE_MAX_MESSAGE_BYTES + 1));
    expect(await socket.waitForClose()).toBe(1009);
  });

  it('delivers an event after the write committed, to watchers of that topic only', async () => {
    const room = uniqueRoom();
    const watcher = await connect();
    const bystander = await connect();
    expect(await watcher.subscribe(`room:${room}`)).toEqual({ type: 'subscribed', topic: `room:${room}` });
    expect(await bystander.subscribe(`room:${uniqueRoom()}`)).toMatchObject({ type: 'subscribed' });

    const response = await app.inject({
      method: 'POST',
      url: `/api/test-rooms/${room}/messages`,
      payload: { text: 'hello' },
    });
    expect(response.statusCode).toBe(201);
    const event = await watcher.next((m) => m.type === 'event');
    expect(event).toEqual({
      type: 'event',
      topic: `room:${room}`,
      event: 'message.created',
      ids: { room },
      data: { text: 'hello' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystander.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('sends nothing when the transaction rolls back', async () => {
    const room = uniqueRoom();
    const watcher = await connect();
    await watcher.subscribe(`room:${room}`);
    const failed = await app.inject({
      method: 'POST',
      url: `/api/test-rooms/${room}/messages`,
      payload: { text: 'lost', fail: true },
    });
    expect(failed.statusCode).toBe(400);
    const ok = await app.inject({ method: 'POST', url: `/api/test-rooms/${room}/messages`, payload: { text: 'kept' } });
    expect(ok.statusCode).toBe(201);
    await watcher.next((m) => m.type === 'event');
    const texts = watcher.messages.flatMap((m) => (m.type === 'event' ? [m.data?.text] : []));
    expect(texts).toEqual(['kept']);
  });

  it('stops sending after unsubscribe', async () => {
    const room = uniqueRoom();
    const watcher = await connect();
    await watcher.subscribe(`room:${room}`);
    watcher.send({ type: 'unsubscribe', topic: `room:${room}` });
    await watcher.next((m) => m.type === 'unsubscribed');
    await app.inject({ method: 'POST', url: `/api/test-rooms/${room}/messages`, payload: { text: 'gone' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.messages.filter((m) => m.type === 'event')).toEqual([]);
  });
});
