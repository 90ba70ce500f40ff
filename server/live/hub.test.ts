import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { DELIVERY_SLICE, LiveHub } from './hub.ts';

/** Just enough of a ws socket for the hub: it records what it was sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: unknown[] = [];
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  ping() {}
  terminate() {}
  close() {}
}

const silent = { debug() {}, error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

async function watchers(hub: LiveHub, count: number, topic: string): Promise<FakeSocket[]> {
  const sockets = Array.from({ length: count }, () => new FakeSocket());
  for (const socket of sockets) {
    hub.accept(socket as unknown as WebSocket, null);
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', topic })), false);
  }
  await nextTurn();
  return sockets;
}

const events = (socket: FakeSocket) =>
  socket.sent
    .filter((message) => (message as { type: string }).type === 'event')
    .map((message) => (message as { event: string }).event);

describe('LiveHub delivery to a large audience', () => {
  it('serves a slice per turn of the event loop, and every socket gets every event in order', async () => {
    const hub = new LiveHub(silent);
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE * 3 + 10, 'room:1');

    hub.deliver({ topic: 'room:1', event: 'question.created', ids: { questionId: 'a' } });
    hub.deliver({ topic: 'room:1', event: 'like.changed', ids: { targetId: 'a' } });
    // Only the first slice went out before this code could run on: the loop was not held.
    expect(sockets.filter((socket) => events(socket).length > 0)).toHaveLength(DELIVERY_SLICE);

    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    for (const socket of sockets) expect(events(socket)).toEqual(['question.created', 'like.changed']);
  });

  it('skips sockets that closed while a broadcast was under way', async () => {
    const hub = new LiveHub(silent);
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE + 5, 'room:2');
    hub.deliver({ topic: 'room:2', event: 'post.created', ids: { postId: 'p' } });
    const last = sockets.at(-1);
    if (!last) throw new Error('no sockets');
    last.readyState = 3;
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(events(last)).toEqual([]);
    expect(events(sockets[0] as FakeSocket)).toEqual(['post.created']);
  });
});
