import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUSY_DELIVERY_SLICE,
  BUSY_GAP_MS,
  COALESCE_MS,
  DELIVERY_SLICE,
  LiveHub,
  sessionsEndedEvent,
  type PresenceWatch,
} from './hub.ts';

/** Just enough of a ws socket for the hub: it records what it was sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: unknown[] = [];
  /** The raw frames and their options, as ws got them. */
  readonly frames: { frame: string | Buffer; options: unknown }[] = [];
  send(frame: string | Buffer, options?: unknown) {
    this.frames.push({ frame, options });
    this.sent.push(JSON.parse(frame.toString()));
  }
  closedWith: number | undefined;
  pings = 0;
  ping() {
    this.pings += 1;
  }
  isTerminated = false;
  terminate() {
    this.isTerminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  /** The client sends a message. */
  says(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
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
    // a clock that stands still: nothing else runs between the slices
    const hub = new LiveHub(silent, { now: () => 0 });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE * 3 + 10, 'room:1');

    hub.deliver({ topic: 'room:1', event: 'question.created', ids: { questionId: 'a' } });
    hub.deliver({ topic: 'room:1', event: 'like.changed', ids: { targetId: 'a' } });
    // Only the first slice went out before this code could run on: the loop was not held.
    expect(sockets.filter((socket) => events(socket).length > 0)).toHaveLength(BUSY_DELIVERY_SLICE);

    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    for (const socket of sockets) expect(events(socket)).toEqual(['question.created', 'like.changed']);
  });

  it('encodes an event once: every socket is sent the same bytes as a text frame', async () => {
    const hub = new LiveHub(silent);
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, 3, 'room:4');
    hub.deliver({ topic: 'room:4', event: 'question.created', ids: { questionId: 'q' } });
    const frames = sockets.map((socket) => socket.frames.at(-1));
    expect(frames.map((sent) => sent?.options)).toEqual([{ binary: false }, { binary: false }, { binary: false }]);
    expect(Buffer.isBuffer(frames[0]?.frame)).toBe(true);
    expect(new Set(frames.map((sent) => sent?.frame)).size).toBe(1);
    expect(JSON.parse(String(frames[0]?.frame))).toEqual({
      type: 'event',
      topic: 'room:4',
      event: 'question.created',
      ids: { questionId: 'q' },
    });
  });

  it('serves small slices while the rest of the process has work, and large ones while it has none', async () => {
    let clock = 0;
    const hub = new LiveHub(silent, { now: () => clock });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE * 3, 'room:3');
    const served = () => sockets.filter((socket) => events(socket).length > 0).length;

    // the slice's own write callbacks (ticks) run first, then the rest of the process
    const afterSlice = () => new Promise((resolve) => process.nextTick(resolve));
    hub.deliver({ topic: 'room:3', event: 'question.created', ids: { questionId: 'a' } });
    // a broadcast's first slice is small: whether requests are waiting is not known yet
    expect(served()).toBe(BUSY_DELIVERY_SLICE);
    // requests took a millisecond between two slices: the next stays small
    await afterSlice();
    clock += 1;
    await nextTurn();
    expect(served()).toBe(2 * BUSY_DELIVERY_SLICE);
    // nothing else ran (less than BUSY_GAP_MS): a large slice
    await afterSlice();
    clock += BUSY_GAP_MS / 2;
    await nextTurn();
    expect(served()).toBe(2 * BUSY_DELIVERY_SLICE + DELIVERY_SLICE);
    await afterSlice();
    clock += 5;
    await nextTurn();
    expect(served()).toBe(3 * BUSY_DELIVERY_SLICE + DELIVERY_SLICE);
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    expect(served()).toBe(sockets.length);

    // the next broadcast begins small again, however quiet the process was
    hub.deliver({ topic: 'room:3', event: 'like.changed', ids: { targetId: 'a' } });
    expect(sockets.filter((socket) => events(socket).length === 2)).toHaveLength(BUSY_DELIVERY_SLICE);
  });

  it("does not count a slice's own write callbacks as other work", async () => {
    let clock = 0;
    const hub = new LiveHub(silent, { now: () => clock });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE * 2, 'room:5');
    // each send's callback runs as a tick after the slice, and takes a hundredth of a millisecond
    for (const socket of sockets) {
      const send = socket.send.bind(socket);
      socket.send = (frame, options) => {
        send(frame, options);
        process.nextTick(() => {
          clock += 0.01;
        });
      };
    }
    const served = () => sockets.filter((socket) => events(socket).length > 0).length;
    hub.deliver({ topic: 'room:5', event: 'question.created', ids: { questionId: 'a' } });
    expect(served()).toBe(BUSY_DELIVERY_SLICE);
    // its 32 callbacks took 0.32 ms, more than BUSY_GAP_MS, but nothing else ran: a large slice
    expect(BUSY_DELIVERY_SLICE * 0.01).toBeGreaterThan(BUSY_GAP_MS);
    await nextTurn();
    expect(served()).toBe(BUSY_DELIVERY_SLICE + DELIVERY_SLICE);
  });

  it('skips sockets that closed while a broadcast was under way', async () => {
    const hub = new LiveHub(silent, { now: () => 0 });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE + 5, 'room:2');
    hub.deliver({ topic: 'room:2', event: 'post.created', ids: { postId: 'p' } });
    const last = sockets.at(-1);
    if (!last) throw new Error('no sockets');
    last.readyState = 3;
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(events(last)).toEqual([]);
    expect(events(sockets[0] as FakeSocket)).toEqual(['post.created']);
    expect(events(sockets.at(-2) as FakeSocket)).toEqual(['post.created']);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveHub coalesced events', () => {
  it('delivers a burst of a coalesced event as one at once and one at the end of the interval', async () => {
    vi.useFakeTimers();
    const hub = new LiveHub(silent);
    hub.registerTopicKind('room', { authorize: () => true, coalesce: ['presence.changed'] });
    const [socket] = await watchersWithFakeTime(hub, 1, 'room:3');
    for (let index = 0; index < 50; index += 1) {
      hub.deliver({ topic: 'room:3', event: 'presence.changed', ids: { sessionId: '3' } });
    }
    hub.deliver({ topic: 'room:3', event: 'question.created', ids: { questionId: 'q' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(events(socket as FakeSocket)).toEqual(['presence.changed', 'question.created']);
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(events(socket as FakeSocket)).toEqual(['presence.changed', 'question.created', 'presence.changed']);
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 5);
    expect(events(socket as FakeSocket)).toHaveLength(3);
  });
});

async function watchersWithFakeTime(hub: LiveHub, count: number, topic: string): Promise<FakeSocket[]> {
  const sockets = Array.from({ length: count }, () => new FakeSocket());
  for (const socket of sockets) {
    hub.accept(socket as unknown as WebSocket, null);
    socket.says({ type: 'subscribe', topic });
  }
  await vi.advanceTimersByTimeAsync(0);
  return sockets;
}

describe('LiveHub presence', () => {
  it('reports each socket that watches, its page status, and its departure, under the id the hub gave it', async () => {
    const watches: PresenceWatch[] = [];
    const departures: string[] = [];
    const hub = new LiveHub(silent);
    hub.registerTopicKind('session', {
      authorize: () => true,
      presence: { watch: (watch) => watches.push(watch), unwatch: (topic, id) => departures.push(`${topic} ${id}`) },
    });
    hub.registerTopicKind('room', { authorize: () => true });
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WebSocket, { id: 'u1', sessionHash: 'h1' });
    const welcome = socket.sent[0] as { connectionId: string };
    socket.says({ type: 'subscribe', topic: 'session:7' });
    socket.says({ type: 'subscribe', topic: 'room:7' });
    await nextTurn();
    socket.says({ type: 'presence', status: 'away' });
    socket.says({ type: 'presence', status: 'away' });
    await nextTurn();
    expect(watches).toEqual([
      { topic: 'session:7', connectionId: welcome.connectionId, userId: 'u1', status: 'online' },
      { topic: 'session:7', connectionId: welcome.connectionId, userId: 'u1', status: 'away' },
    ]);
    socket.close();
    expect(departures).toEqual([`session:7 ${welcome.connectionId}`]);
  });
});

describe('LiveHub heartbeat', () => {
  it('pings a slice of sockets per turn of the event loop, then cuts the ones that never answered', async () => {
    const hub = new LiveHub(silent, { now: () => 0 });
    const sockets = Array.from({ length: DELIVERY_SLICE * 2 + 7 }, () => new FakeSocket());
    for (const socket of sockets) hub.accept(socket as unknown as WebSocket, null);

    hub.heartbeat();
    // only the first slice before this code could run on: the loop was not held
    expect(sockets.filter((socket) => socket.pings === 1)).toHaveLength(BUSY_DELIVERY_SLICE);
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(sockets.every((socket) => socket.pings === 1)).toBe(true);

    // every socket but the last answers
    const silentOne = sockets.at(-1) as FakeSocket;
    for (const socket of sockets.slice(0, -1)) socket.emit('pong');
    hub.heartbeat();
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(silentOne.isTerminated).toBe(true);
    expect(sockets.filter((socket) => socket.isTerminated)).toHaveLength(1);
    expect(sockets.slice(0, -1).every((socket) => socket.pings === 2)).toBe(true);
    expect(hub.connectionCount).toBe(sockets.length - 1);
  });
});

describe('LiveHub sessions', () => {
  it('checks the subscriptions that arrive together in one session lookup, and later ones in another', async () => {
    const lookups: string[][] = [];
    const hub = new LiveHub(silent, {
      sessions: async (userIds) => {
        lookups.push([...userIds].sort());
        return new Map(userIds.map((id) => [id, new Set([`h-${id}`])]));
      },
    });
    hub.registerTopicKind('room', { authorize: () => true });
    hub.registerTopicKind('user', { authorize: ({ viewer, id }) => viewer?.id === id });
    const people = ['u1', 'u2', 'u3'];
    const sockets = people.map((id) => {
      const socket = new FakeSocket();
      hub.accept(socket as unknown as WebSocket, { id, sessionHash: `h-${id}` });
      socket.says({ type: 'subscribe', topic: 'room:1' });
      socket.says({ type: 'subscribe', topic: `user:${id}` });
      return socket;
    });
    const subscribed = (socket: FakeSocket) =>
      socket.sent.filter((message) => (message as { type: string }).type === 'subscribed');
    await vi.waitFor(() => expect(sockets.every((socket) => subscribed(socket).length === 2)).toBe(true));
    expect(lookups).toEqual([people]);

    sockets[0]?.says({ type: 'subscribe', topic: 'room:2' });
    await vi.waitFor(() => expect(subscribed(sockets[0] as FakeSocket)).toHaveLength(3));
    expect(lookups).toEqual([people, ['u1']]);
  });

  it('closes the sockets whose session is gone, renames a replaced one, and keeps the rest', async () => {
    const live = new Map([['u1', new Set(['kept', 'new'])]]);
    const hub = new LiveHub(silent, { sessions: async () => live });
    const [kept, ended, renamed, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.accept(kept as unknown as WebSocket, { id: 'u1', sessionHash: 'kept' });
    hub.accept(ended as unknown as WebSocket, { id: 'u1', sessionHash: 'gone' });
    hub.accept(renamed as unknown as WebSocket, { id: 'u1', sessionHash: 'old' });
    hub.accept(other as unknown as WebSocket, { id: 'u2', sessionHash: 'x' });
    hub.deliver(sessionsEndedEvent('u1', { from: 'old', to: 'new' }));
    await vi.waitFor(() => expect(ended.closedWith).toBe(4403));
    expect([kept.closedWith, renamed.closedWith, other.closedWith]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a subscription when the session ended, closing the socket', async () => {
    const hub = new LiveHub(silent, { sessions: async () => new Map() });
    hub.registerTopicKind('user', { authorize: ({ viewer, id }) => viewer?.id === id });
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WebSocket, { id: 'u1', sessionHash: 'h' });
    socket.says({ type: 'subscribe', topic: 'user:u1' });
    await vi.waitFor(() => expect(socket.closedWith).toBe(4403));
    expect(socket.sent.filter((message) => (message as { type: string }).type === 'subscribed')).toEqual([]);
  });

  it('closes a socket that sends more messages than its allowance with 1008', () => {
    const hub = new LiveHub(silent);
    const socket = new FakeSocket();
    hub.accept(socket as unknown as WebSocket, null);
    for (let index = 0; index < 100; index += 1) socket.says({ type: 'ping' });
    expect(socket.closedWith).toBe(1008);
  });
});
