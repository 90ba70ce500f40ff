import {
  LIVE_CLIENT_PING_INTERVAL_MS,
  LIVE_CLIENT_PONG_TIMEOUT_MS,
  LIVE_RECONNECT_BASE_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_VIEWER_ENDED_CLOSE_CODE,
  type LivePresenceStatus,
} from '#shared/constants/live.ts';
import type { LiveClientMessage, LiveEvent } from '#shared/schemas/live.ts';

import { isLiveTopic, readLiveServerMessage } from '#client/lib/live-messages.ts';

/** Where the live channel stands: dialling, connected, or down (waiting to retry, or closed). */
export type LiveStatus = 'connecting' | 'open' | 'closed';

/** Receives the events of one topic. */
export type LiveEventListener = (event: LiveEvent) => void;

/** Options of one subscription. */
export type LiveSubscribeOptions = {
  /**
   * Called when the topic is watched again after events of it may have been lost: the socket
   * dropped (or failed to open) while this listener was subscribed, or it subscribed while no
   * socket was open after one had ended. It runs once the server confirms the topic is watched
   * again, so a read made then misses nothing. Not called for a first connection that simply
   * opens: what the page read before it is current.
   */
  onResync?: () => void;
};

/** The part of the browser's WebSocket the client uses; tests pass a fake with this shape. */
export interface LiveSocket {
  /** 1 while open; the browser's socket turns 2 (closing) as soon as the server's close frame arrives. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** A constructor of LiveSocket, such as the global WebSocket. */
export type LiveSocketConstructor = new (url: string) => LiveSocket;

/** Options of createLiveClient. */
export type LiveClientOptions = {
  /** Defaults to /api/live on this origin, with wss: on an https: page. */
  url?: string;
  /** Defaults to the global WebSocket. */
  WebSocketImpl?: LiveSocketConstructor;
  /**
   * The server ended the socket because the session it was opened with ended (sign-out or a
   * password change or reset elsewhere, a disabled account, an expired session).
   */
  onViewerEnded?: () => void;
};

/** The app's one connection to the live channel. */
export type LiveClient = {
  /** Listens to a topic; the returned function stops (the last one out sends `unsubscribe`). */
  subscribe(topic: string, onEvent: LiveEventListener, options?: LiveSubscribeOptions): () => void;
  /** Reports every status change; the returned function stops reporting. */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  /** The current status. */
  getStatus(): LiveStatus;
  /**
   * Whether this page is in front of its person ('online') or hidden ('away'), for the topics
   * that show who is watching; told to the server now and after every reconnect.
   */
  setPresence(presence: LivePresenceStatus): void;
  /**
   * Drops the socket and dials again at once (when anything is watched), resubscribing every
   * topic. Called when the signed-in person changes: the server reads who is watching from the
   * cookie at the handshake, so a socket opened before sign-in or sign-out speaks for the wrong one.
   */
  reconnect(): void;
  /** Closes the socket for good; no reconnect follows. */
  close(): void;
};

/** One subscription: its callbacks, and whether events of its topic may have been lost since it began. */
type Listener = { onEvent: LiveEventListener; onResync: (() => void) | undefined; hasMissed: boolean };

/** Calls a listener; one that throws must not starve the others, and its error still reaches the console. */
function callSafely(listener: () => void): void {
  try {
    listener();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

// Reconnect delays stop growing long before this; it only keeps 2 ** attempt finite.
const MAX_BACKOFF_EXPONENT = 30;
const NORMAL_CLOSURE = 1000;
// WebSocket.OPEN, spelled out so tests need no browser global.
const READY_STATE_OPEN = 1;

/**
 * Delay before reconnect attempt `attempt` (0 for the first): full jitter, a random time
 * between 0 and min(cap, base * 2^attempt), so clients cut off together do not return together.
 */
export function liveReconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 0), MAX_BACKOFF_EXPONENT);
  const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_BASE_MS * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

/** The URL of the live channel on the page's own origin. */
export function defaultLiveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/live`;
}

/**
 * Creates a live client. It connects on the first subscribe, resubscribes every topic on each
 * open, pings to notice dead sockets and reconnects with backoff while any topic is watched.
 */
export function createLiveClient(options: LiveClientOptions = {}): LiveClient {
  const listenersByTopic = new Map<string, Set<Listener>>();
  const statusListeners = new Set<(status: LiveStatus) => void>();

  let status: LiveStatus = 'closed';
  // The server takes every new connection as 'online'.
  let presence: LivePresenceStatus = 'online';
  let socket: LiveSocket | null = null;
  let isSocketOpen = false;
  let isClosedForGood = false;
  let attempt = 0;
  // Whether a socket has ended (closed, dropped or failed to open) since the client began.
  let hasSocketEnded = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: LiveStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  // The socket is closing from the moment the server's close frame arrives, before its close event
  // runs: a message sent then is lost anyway, and the browser reports it as a console error.
  function send(message: LiveClientMessage): void {
    if (socket && isSocketOpen && socket.readyState === READY_STATE_OPEN) socket.send(JSON.stringify(message));
  }

  function connect(): void {
    reconnectTimer = undefined;
    if (isClosedForGood || socket) return;

    setStatus('connecting');
    const url = options.url ?? defaultLiveUrl(window.location);
    const Impl = options.WebSocketImpl ?? WebSocket;
    let next: LiveSocket;
    try {
      next = new Impl(url);
    } catch {
      // A malformed URL throws at once; treat it like a failed attempt rather than crash the page.
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    socket = next;

    next.onopen = () => {
      if (socket !== next) return;
      isSocketOpen = true;
      attempt = 0;
      setStatus('open');
      if (presence !== 'online') send({ type: 'presence', status: presence });
      for (const topic of listenersByTopic.keys()) send({ type: 'subscribe', topic });
      startHeartbeat();
    };
    next.onmessage = (event) => {
      if (socket === next) handleMessage(event.data);
    };
    next.onclose = (event) => {
      if (socket !== next) return;
      dropSocket();
      if (event.code === LIVE_VIEWER_ENDED_CLOSE_CODE) options.onViewerEnded?.();
      scheduleReconnect();
    };
    // An error is always followed by close, which does the work.
    next.onerror = null;
  }

  // Forgets the socket at once rather than waiting for its close event, which a dead network
  // may never deliver.
  function dropSocket(): void {
    stopHeartbeat();
    const current = socket;
    socket = null;
    isSocketOpen = false;
    if (current) {
      // whatever was sent on the listeners' topics from now until they are watched again is lost
      hasSocketEnded = true;
      for (const listeners of listenersByTopic.values()) for (const listener of listeners) listener.hasMissed = true;
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.onerror = null;
      try {
        current.close(NORMAL_CLOSURE);
      } catch {
        // Some browsers throw when closing a socket that is already closing; it is gone anyway.
      }
    }
    setStatus('closed');
  }

  function scheduleReconnect(): void {
    // With nothing to watch there is no reason to hold a connection; the next subscribe dials.
    if (isClosedForGood || reconnectTimer !== undefined || listenersByTopic.size === 0) return;
    const delay = liveReconnectDelay(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  function startHeartbeat(): void {
    stopHeartbeat();
    pingTimer = setInterval(() => {
      send({ type: 'ping' });
      if (pongTimer === undefined) {
        pongTimer = setTimeout(() => {
          pongTimer = undefined;
          dropSocket();
          scheduleReconnect();
        }, LIVE_CLIENT_PONG_TIMEOUT_MS);
      }
    }, LIVE_CLIENT_PING_INTERVAL_MS);
  }

  function stopHeartbeat(): void {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  }

  function handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // The server may learn new message types before this client does; unknown ones are skipped,
    // and so is a message of a known type that does not have that type's shape.
    const message = readLiveServerMessage(json);
    if (!message) return;

    if (message.type === 'pong') {
      clearTimeout(pongTimer);
      pongTimer = undefined;
      return;
    }
    // The topic is watched again (or refused, when access changed meanwhile): whoever may have
    // missed its events reads again now.
    if (message.type === 'subscribed' || (message.type === 'error' && message.topic !== undefined)) {
      const listeners = message.topic === undefined ? undefined : listenersByTopic.get(message.topic);
      for (const listener of [...(listeners ?? [])]) {
        if (!listener.hasMissed) continue;
        listener.hasMissed = false;
        if (listener.onResync) callSafely(listener.onResync);
      }
      return;
    }
    if (message.type !== 'event') return;

    const listeners = listenersByTopic.get(message.topic);
    if (!listeners) return;
    // Copied, so a listener that unsubscribes while being called does not upset the loop.
    for (const listener of [...listeners]) callSafely(() => listener.onEvent(message));
  }

  return {
    subscribe(topic, onEvent, subscribeOptions = {}) {
      if (!isLiveTopic(topic)) throw new TypeError(`Not a live topic: ${topic}`);
      if (isClosedForGood) return () => {};

      // Subscribed while the channel is down after a socket ended: events may have been lost already.
      const entry: Listener = {
        onEvent,
        onResync: subscribeOptions.onResync,
        hasMissed: hasSocketEnded && !isSocketOpen,
      };
      let listeners = listenersByTopic.get(topic);
      if (!listeners) {
        listeners = new Set();
        listenersByTopic.set(topic, listeners);
        send({ type: 'subscribe', topic });
      }
      listeners.add(entry);
      if (!socket && reconnectTimer === undefined) connect();

      let isSubscribed = true;
      return () => {
        if (!isSubscribed) return;
        isSubscribed = false;
        const current = listenersByTopic.get(topic);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) {
          listenersByTopic.delete(topic);
          send({ type: 'unsubscribe', topic });
        }
      };
    },

    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },

    getStatus() {
      return status;
    },

    setPresence(next) {
      if (next === presence) return;
      presence = next;
      send({ type: 'presence', status: next });
    },

    reconnect() {
      if (isClosedForGood) return;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      attempt = 0;
      dropSocket();
      if (listenersByTopic.size > 0) connect();
    },

    close() {
      if (isClosedForGood) return;
      isClosedForGood = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      listenersByTopic.clear();
      dropSocket();
      statusListeners.clear();
    },
  };
}
