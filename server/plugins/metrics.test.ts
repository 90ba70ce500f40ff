import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { BUSY_DELIVERY_SLICE, DELIVERY_SLICE, LiveHub } from '../live/hub.ts';

/**
 * What the metrics plugin reads from the live hub: its connection and topic counts, and one
 * observation per broadcast however many slices it takes (server/plugins/metrics.ts).
 */

/** Just enough of a ws socket for the hub. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  /** Event frames received (not the welcome nor the answers to subscribe). */
  frames = 0;
  /** Called at every event sent, so a test can move its clock while a broadcast goes out. */
  onSend: () => void = () => {};
  send(frame: string | Buffer) {
    if ((JSON.parse(frame.toString()) as { type: string }).type !== 'event') return;
    this.frames += 1;
    this.onSend();
  }
  ping() {}
  terminate() {
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.readyState = 3;
    this.emit('close');
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

describe('the live hub as metrics see it', () => {
  it('counts connections and the topics they watch', async () => {
    const hub = new LiveHub(silent, { now: () => 0 });
    hub.registerTopicKind('room', { authorize: () => true });
    expect([hub.connectionCount, hub.topicCount]).toEqual([0, 0]);
    const inOne = await watchers(hub, 3, 'room:1');
    const inOther = await watchers(hub, 2, 'room:2');
    expect([hub.connectionCount, hub.topicCount]).toEqual([5, 2]);
    for (const socket of inOther) socket.close();
    expect([hub.connectionCount, hub.topicCount]).toEqual([3, 1]);
    for (const socket of inOne) socket.close();
    expect([hub.connectionCount, hub.topicCount]).toEqual([0, 0]);
  });

  it('times a broadcast once, from the fan-out to its last socket, over all its slices', async () => {
    let clock = 100;
    const hub = new LiveHub(silent, { now: () => clock });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE * 3, 'room:big');
    // every send takes a hundredth of a millisecond of the clock
    for (const socket of sockets) {
      socket.onSend = () => {
        clock += 0.01;
      };
    }
    const observed: number[] = [];
    hub.observeBroadcasts((durationMs) => observed.push(durationMs));

    hub.deliver({ topic: 'room:big', event: 'question.created', ids: { questionId: 'a' } });
    // the first slice went out; the broadcast is not over yet
    expect(sockets.filter((socket) => socket.frames === 1)).toHaveLength(BUSY_DELIVERY_SLICE);
    expect(observed).toEqual([]);
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    expect(sockets.every((socket) => socket.frames === 1)).toBe(true);
    expect(observed).toHaveLength(1);
    // its sockets' sends, and nothing before the broadcast
    expect(observed[0]).toBeCloseTo(sockets.length * 0.01, 6);

    // a topic nobody watches is no broadcast; one socket is
    hub.deliver({ topic: 'room:nobody', event: 'question.created', ids: { questionId: 'b' } });
    const [lonely] = await watchers(hub, 1, 'room:small');
    hub.deliver({ topic: 'room:small', event: 'question.created', ids: { questionId: 'c' } });
    for (let turn = 0; turn < 3; turn += 1) await nextTurn();
    expect(lonely?.frames).toBe(1);
    expect(observed).toHaveLength(2);
    // its one send did not move the clock
    expect(observed[1]).toBe(0);

    // unset: nothing more is told
    hub.observeBroadcasts(undefined);
    hub.deliver({ topic: 'room:small', event: 'question.created', ids: { questionId: 'd' } });
    for (let turn = 0; turn < 3; turn += 1) await nextTurn();
    expect(lonely?.frames).toBe(2);
    expect(observed).toHaveLength(2);
  });

  it('times two broadcasts queued together each once', async () => {
    let clock = 0;
    const hub = new LiveHub(silent, { now: () => clock });
    hub.registerTopicKind('room', { authorize: () => true });
    const sockets = await watchers(hub, DELIVERY_SLICE + 10, 'room:twice');
    for (const socket of sockets) {
      socket.onSend = () => {
        clock += 0.001;
      };
    }
    const observed: number[] = [];
    hub.observeBroadcasts((durationMs) => observed.push(durationMs));
    hub.deliver({ topic: 'room:twice', event: 'question.created', ids: { questionId: 'a' } });
    hub.deliver({ topic: 'room:twice', event: 'like.changed', ids: { targetId: 'a' } });
    for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    expect(sockets.every((socket) => socket.frames === 2)).toBe(true);
    expect(observed).toHaveLength(2);
    // the second waited behind the first: its time includes the first's sends
    expect(observed[1]).toBeGreaterThan(observed[0] ?? Infinity);
  });
});
