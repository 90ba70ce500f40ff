import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createLiveClient, defaultLiveUrl, liveReconnectDelay } from '#client/lib/live-client.ts';
import type { LiveClient, LiveSocket, LiveStatus } from '#client/lib/live-client.ts';
import {
  LIVE_CLIENT_PING_INTERVAL_MS,
  LIVE_CLIENT_PONG_TIMEOUT_MS,
  LIVE_RECONNECT_BASE_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_VIEWER_ENDED_CLOSE_CODE,
} from '#shared/constants/live.ts';

/** Stands in for the browser's WebSocket; the test plays the server's part. */
class FakeWebSocket implements LiveSocket {
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readonly sent: unknown[] = [];
  closeCalls = 0;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  // Like a dead network: no close event comes back.
  close(): void {
    this.closeCalls += 1;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  // The close frame has arrived; the close event has not run yet.
  serverStartsClosing(): void {
    this.readyState = 2;
  }

  serverCloses(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
}

let activeClient: LiveClient | undefined;

function startClient(options: { onViewerEnded?: () => void } = {}): LiveClient {
  activeClient = createLiveClient({ url: 'ws://test/api/live', WebSocketImpl: FakeWebSocket, ...options });
  return activeClient;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
  // The middle of the jitter range keeps the delays predictable: half of each ceiling.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  // Some tests only call the pure helpers and never create a client.
  activeClient?.close();
  activeClient = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('liveReconnectDelay', () => {
  it('draws between 0 and a ceiling that doubles from the base and stops at the cap', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => liveReconnectDelay(attempt, () => 1));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(ceilings[0]).toBe(LIVE_RECONNECT_BASE_MS);
    expect(ceilings.at(-1)).toBe(LIVE_RECONNECT_MAX_MS);

    expect(liveReconnectDelay(3, () => 0)).toBe(0);
    expect(liveReconnectDelay(3, () => 0.25)).toBe(2_000);
  });

  it('survives absurd attempt counts', () => {
    expect(liveReconnectDelay(10_000, () => 0.5)).toBe(15_000);
    expect(liveReconnectDelay(-1, () => 0.5)).toBe(500);
  });
});

describe('defaultLiveUrl', () => {
  it('uses ws: on http and wss: on https, on the same host', () => {
    expect(defaultLiveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/live');
    expect(defaultLiveUrl({ protocol: 'https:', host: 'town.example' })).toBe('wss://town.example/api/live');
  });

  it("is the client's default", () => {
    activeClient = createLiveClient({ WebSocketImpl: FakeWebSocket });
    activeClient.subscribe('group:1', () => {});
    expect(latestSocket().url).toBe(defaultLiveUrl(window.location));
  });
});

describe('createLiveClient', () => {
  it('connects on the first subscribe and subscribes once the socket opens', () => {
    const client = startClient();
    expect(FakeWebSocket.instances).toHaveLength(0);

    client.subscribe('group:1', () => {});
    client.subscribe('session:7', () => {});
    expect(FakeWebSocket.instances).toHaveLength(1);

    latestSocket().serverOpens();
    expect(latestSocket().sent).toEqual([
      { type: 'subscribe', topic: 'group:1' },
      { type: 'subscribe', topic: 'session:7' },
    ]);

    client.subscribe('group:2', () => {});
    expect(latestSocket().sent.at(-1)).toEqual({ type: 'subscribe', topic: 'group:2' });
  });

  it('tells the app when the server signed the person out, and only then', () => {
    const onViewerEnded = vi.fn();
    const client = startClient({ onViewerEnded });
    client.subscribe('group:1', () => {});
    latestSocket().serverOpens();
    latestSocket().serverCloses(1006);
    expect(onViewerEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIVE_RECONNECT_MAX_MS);
    latestSocket().serverOpens();
    latestSocket().serverCloses(LIVE_VIEWER_ENDED_CLOSE_CODE);
    expect(onViewerEnded).toHaveBeenCalledTimes(1);
    // it goes on as a signed-out visitor: the public topics come back
    vi.advanceTimersByTime(LIVE_RECONNECT_MAX_MS);
    latestSocket().serverOpens();
    expect(latestSocket().sent).toContainEqual({ type: 'subscribe', topic: 'group:1' });
  });

  it('tells the server when the page is hidden or shown, once per change and again after a reconnect', () => {
    const client = startClient();
    client.subscribe('session:7', () => {});
    latestSocket().serverOpens();
    client.setPresence('online');
    client.setPresence('away');
    client.setPresence('away');
    expect(latestSocket().sent).toEqual([
      { type: 'subscribe', topic: 'session:7' },
      { type: 'presence', status: 'away' },
    ]);

    latestSocket().serverCloses(1006);
    vi.runOnlyPendingTimers();
    latestSocket().serverOpens();
    // the new connection starts 'online' on the server: it hears 'away' before the subscription counts
    expect(latestSocket().sent).toEqual([
      { type: 'presence', status: 'away' },
      { type: 'subscribe', topic: 'session:7' },
    ]);
    client.setPresence('online');
    expect(latestSocket().sent.at(-1)).toEqual({ type: 'presence', status: 'online' });
  });

  it('resubscribes every topic after a reconnect', () => {
    const client = startClient();
    client.subscribe('group:1', () => {});
    client.subscribe('session:7', () => {});
    const first = latestSocket();
    first.serverOpens();

    first.serverCloses();
    vi.advanceTimersByTime(LIVE_RECONNECT_BASE_MS / 2);

    const second = latestSocket();
    expect(second).not.toBe(first);
    expect(second.sent).toEqual([]);
    second.serverOpens();
    expect(second.sent).toEqual([
      { type: 'subscribe', topic: 'group:1' },
      { type: 'subscribe', topic: 'session:7' },
    ]);
  });

  it('has a listener read again once its topic is watched again after a drop, not after a first open', () => {
    const client = startClient();
    const onResync = vi.fn();
    client.subscribe('group:1', () => {}, { onResync });
    const first = latestSocket();
    first.serverOpens();
    first.serverSends({ type: 'subscribed', topic: 'group:1' });
    // the page read its lists before this first connection: nothing was missed
    expect(onResync).not.toHaveBeenCalled();

    first.serverCloses(1001);
    vi.advanceTimersByTime(LIVE_RECONNECT_BASE_MS / 2);
    const second = latestSocket();
    second.serverOpens();
    // open, but the topic is not watched yet: a read now could miss an event sent before it is
    expect(onResync).not.toHaveBeenCalled();
    second.serverSends({ type: 'subscribed', topic: 'group:2' });
    expect(onResync).not.toHaveBeenCalled();
    second.serverSends({ type: 'subscribed', topic: 'group:1' });
    expect(onResync).toHaveBeenCalledTimes(1);
    // once per drop
    second.serverSends({ type: 'subscribed', topic: 'group:1' });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('has a listener that came while the channel was down read again, and not one that came while it was up', () => {
    const client = startClient();
    client.subscribe('group:1', () => {});
    const first = latestSocket();
    first.serverOpens();
    const whileUp = vi.fn();
    client.subscribe('group:1', () => {}, { onResync: whileUp });
    client.subscribe('group:3', () => {}, { onResync: whileUp });
    first.serverSends({ type: 'subscribed', topic: 'group:3' });
    expect(whileUp).not.toHaveBeenCalled();

    first.serverCloses();
    // a page opened during the drop: what it read may be older than what the channel will say
    const whileDown = vi.fn();
    client.subscribe('group:2', () => {}, { onResync: whileDown });
    vi.advanceTimersByTime(LIVE_RECONNECT_BASE_MS / 2);
    const second = latestSocket();
    second.serverOpens();
    second.serverSends({ type: 'subscribed', topic: 'group:2' });
    expect(whileDown).toHaveBeenCalledTimes(1);
    expect(whileUp).not.toHaveBeenCalled();
    second.serverSends({ type: 'subscribed', topic: 'group:1' });
    second.serverSends({ type: 'subscribed', topic: 'group:3' });
    expect(whileUp).toHaveBeenCalledTimes(2);
  });

  it('counts a first connection that failed as a drop, and a refused topic as watched again', () => {
    const client = startClient();
    const onResync = vi.fn();
    client.subscribe('group:1', () => {}, { onResync });
    latestSocket().serverCloses(1006);
    vi.advanceTimersByTime(LIVE_RECONNECT_BASE_MS / 2);
    const second = latestSocket();
    second.serverOpens();
    // access changed while away: the read shows what the person may see now
    second.serverSends({
      type: 'error',
      topic: 'group:1',
      code: 'forbidden',
      message: 'You may not watch this topic.',
    });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('has every listener read again after reconnect (the person changed), and keeps going when one throws', () => {
    const client = startClient();
    const broken = vi.fn(() => {
      throw new Error('broken listener');
    });
    const onResync = vi.fn();
    client.subscribe('group:1', () => {}, { onResync: broken });
    client.subscribe('group:1', () => {}, { onResync });
    latestSocket().serverOpens();
    client.reconnect();
    latestSocket().serverOpens();
    const errors: unknown[] = [];
    const queued = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => {
      try {
        callback();
      } catch (error) {
        errors.push(error);
      }
    });
    latestSocket().serverSends({ type: 'subscribed', topic: 'group:1' });
    queued.mockRestore();
    expect(broken).toHaveBeenCalledTimes(1);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([new Error('broken listener')]);
  });

  it('waits longer after each failed attempt, up to the cap, and starts over after an open', () => {
    const client = startClient();
    client.subscribe('group:1', () => {});
    latestSocket().serverCloses();

    // Math.random is 0.5, so each wait is half the ceiling: 500, 1000, … then half the cap.
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      latestSocket().serverCloses();
    }
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);

    vi.advanceTimersByTime(15_000);
    latestSocket().serverOpens();
    latestSocket().serverCloses();
    const before = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
  });

  it('pings on schedule and keeps a socket that answers', () => {
    const client = startClient();
    client.subscribe('group:1', () => {});
    const socket = latestSocket();
    socket.serverOpens();
    socket.sent.length = 0;

    vi.advanceTimersByTime(LIVE_CLIENT_PING_INTERVAL_MS);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    socket.serverSends({ type: 'pong' });

    vi.advanceTimersByTime(LIVE_CLIENT_PONG_TIMEOUT_MS);
    expect(socket.closeCalls).toBe(0);
    expect(client.getStatus()).toBe('open');
  });

  it('treats a missing pong as a dead socket: closes it and reconnects', () => {
    const client = startClient();
    const statuses: LiveStatus[] = [];
    client.onStatus((status) => statuses.push(status));
    client.subscribe('group:1', () => {});
    const first = latestSocket();
    first.serverOpens();

    vi.advanceTimersByTime(LIVE_CLIENT_PING_INTERVAL_MS);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(LIVE_CLIENT_PONG_TIMEOUT_MS - 1);
    expect(first.closeCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(first.closeCalls).toBe(1);
    expect(client.getStatus()).toBe('closed');

    vi.advanceTimersByTime(LIVE_RECONNECT_BASE_MS / 2);
    const second = latestSocket();
    expect(second).not.toBe(first);
    second.serverOpens();
    expect(second.sent).toEqual([{ type: 'subscribe', topic: 'group:1' }]);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

    // The dead socket's late events no longer count.
    first.serverCloses();
    expect(client.getStatus()).toBe('open');
  });

  it('sends unsubscribe only when the last listener of a topic goes', () => {
    const client = startClient();
    const stopFirst = client.subscribe('group:1', () => {});
    const stopSecond = client.subscribe('group:1', () => {});
    const socket = latestSocket();
    socket.serverOpens();
    expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'group:1' }]);

    stopFirst();
    stopFirst();
    expect(socket.sent).toHaveLength(1);

    stopSecond();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'group:1' });
    expect(socket.sent).toHaveLength(2);
  });

  it('hands events to the listeners of their topic and ignores invalid messages', () => {
    const client = startClient();
    const onGroup = vi.fn();
    const onSession = vi.fn();
    client.subscribe('group:1', onGroup);
    client.subscribe('session:7', onSession);
    const socket = latestSocket();
    socket.serverOpens();

    socket.serverSends('not json');
    socket.serverSends({ type: 'event', topic: 'group:1' });
    socket.serverSends({ type: 'mystery' });
    socket.serverSends({ type: 'event', topic: 'group:1', event: 'question.answered', ids: { questionId: true } });
    socket.serverSends({
      type: 'event',
      topic: 'group:1',
      event: 'question.answered',
      ids: { questionId: 9 },
    });

    expect(onGroup).toHaveBeenCalledTimes(1);
    expect(onGroup).toHaveBeenCalledWith(
      expect.objectContaining({
        topic: 'group:1',
        event: 'question.answered',
        ids: { questionId: 9 },
      }),
    );
    expect(onSession).not.toHaveBeenCalled();
  });

  it('does not reconnect once nothing is watched, and dials again on the next subscribe', () => {
    const client = startClient();
    const stop = client.subscribe('group:1', () => {});
    latestSocket().serverOpens();
    stop();
    latestSocket().serverCloses();
    vi.advanceTimersByTime(LIVE_RECONNECT_MAX_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.subscribe('group:2', () => {});
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnect drops the socket and dials at once, resubscribing every topic', () => {
    const client = startClient();
    client.subscribe('group:1', () => {});
    client.subscribe('user:7', () => {});
    const first = latestSocket();
    first.serverOpens();

    client.reconnect();
    expect(first.closeCalls).toBe(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = latestSocket();
    second.serverOpens();
    expect(second.sent).toEqual([
      { type: 'subscribe', topic: 'group:1' },
      { type: 'subscribe', topic: 'user:7' },
    ]);
    // The old socket's late close changes nothing.
    first.serverCloses();
    expect(client.getStatus()).toBe('open');
  });

  it('reconnect with nothing watched opens nothing', () => {
    const client = startClient();
    client.reconnect();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('stops for good on close', () => {
    const client = startClient();
    const statuses: LiveStatus[] = [];
    client.onStatus((status) => statuses.push(status));
    client.subscribe('group:1', () => {});
    const socket = latestSocket();
    socket.serverOpens();

    client.close();
    expect(socket.closeCalls).toBe(1);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(LIVE_RECONNECT_MAX_MS);
    client.subscribe('group:2', () => {});
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('sends nothing on a socket the server is closing, before its close event runs', () => {
    const client = startClient();
    const stop = client.subscribe('group:1', () => {});
    const socket = latestSocket();
    socket.serverOpens();
    const sentWhenOpen = socket.sent.length;
    socket.serverStartsClosing();
    stop();
    client.setPresence('away');
    expect(socket.sent).toHaveLength(sentWhenOpen);
  });

  it('refuses a malformed topic', () => {
    const client = startClient();
    expect(() => client.subscribe('no topic here', () => {})).toThrow(TypeError);
  });
});
