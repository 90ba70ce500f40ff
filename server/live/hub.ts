import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_MESSAGE_BURST,
  LIVE_MESSAGES_PER_SECOND,
  LIVE_POLICY_VIOLATION_CLOSE_CODE,
  LIVE_VIEWER_ENDED_CLOSE_CODE,
  LiveClientMessageSchema,
  type LiveEvent,
  type LivePresenceStatus,
  type LiveServerMessage,
} from '#shared/schemas/live.ts';
import type { Viewer } from '../lib/viewer.ts';
import { KeyedThrottle } from './throttle.ts';

/** One socket of this process watching one topic, as presence sees it. */
export interface PresenceWatch {
  topic: string;
  /** The id the hub gave the socket (its `welcome`); never one a client made up. */
  connectionId: string;
  userId: string | null;
  status: LivePresenceStatus;
}

/** Told which sockets of this process watch the topics of a kind, so it can show who is watching. */
export interface TopicPresence {
  /** A socket started watching `watch.topic`, or its page was shown or hidden. */
  watch(watch: PresenceWatch): void;
  /** A socket stopped watching (it unsubscribed or closed). */
  unwatch(topic: string, connectionId: string): void;
}

/** Decides whether a viewer may watch a topic of one kind. */
export interface TopicKind {
  authorize(context: { viewer: Viewer | null; id: string }): boolean | Promise<boolean>;
  /** Keeps presence for the topics of this kind from the sockets that watch them. */
  presence?: TopicPresence;
  /**
   * Events of this kind that only say "read again" (such as `presence.changed`): each topic gets
   * at most one per COALESCE_MS on this process, later ones folding into one at the interval's end.
   */
  coalesce?: readonly string[];
}

/** A signed-in socket's person and the session it was opened with. */
export interface LiveViewer extends Viewer {
  /** sessionTokenHash of the session's token. */
  sessionHash: string;
}

/**
 * The sessions that still let someone in, as token hashes per person (viewer-sessions.ts reads
 * them from the database); a person with none is absent.
 */
export type SessionLookup = (userIds: readonly string[]) => Promise<Map<string, Set<string>>>;

/**
 * Told once per broadcast how long it took, in milliseconds, from the event reaching the hub's
 * fan-out to its frame handed to the last of its sockets (all its slices). Metrics listen here.
 */
export type BroadcastObserver = (durationMs: number) => void;

/** Interval of coalesced events per topic, in milliseconds. */
export const COALESCE_MS = 1_000;

/**
 * Sockets served per turn of the event loop when an event (or a ping round) goes to a large
 * audience and nothing else is waiting: an idle server broadcasts about as fast as a bare ws server.
 */
export const DELIVERY_SLICE = 256;

/**
 * Sockets served per turn while the rest of the process has work (HTTP requests): about half a
 * millisecond of writes, so a request in flight during a broadcast to thousands waits that much a
 * turn rather than several milliseconds (decision 037). The first slice of a broadcast is this size.
 */
export const BUSY_DELIVERY_SLICE = 32;

/** Time the rest of the process took between two slices above which it counts as busy. */
export const BUSY_GAP_MS = 0.25;

/**
 * How many sockets the next slice of a broadcast or ping round serves: BUSY_DELIVERY_SLICE first and
 * whenever the process did other work since the last slice ended, DELIVERY_SLICE otherwise.
 */
class SliceSizer {
  readonly #now: () => number;
  #endedAt: number | undefined;
  constructor(now: () => number) {
    this.#now = now;
  }
  next(): number {
    const endedAt = this.#endedAt;
    return endedAt !== undefined && this.#now() - endedAt <= BUSY_GAP_MS ? DELIVERY_SLICE : BUSY_DELIVERY_SLICE;
  }
  /**
   * A slice ended; `more`: another follows at the next turn (otherwise the next one is a first).
   * Timed after the slice's own sockets' write callbacks (ticks queued during it), which are not
   * the rest of the process's work.
   */
  ended(more: boolean): void {
    this.#endedAt = undefined;
    if (more) {
      process.nextTick(() => {
        this.#endedAt = this.#now();
      });
    }
  }
}

/** ws send options of an event frame: a text frame, from bytes encoded once for every socket. */
const TEXT_FRAME = { binary: false } as const;

/** Most topics one connection may watch at once. */
export const MAX_TOPICS_PER_CONNECTION = 100;

/**
 * Topic of the bus's own messages between processes; never a client's. An event
 * `viewer.ended` here closes, on every process, the sockets of the person `ids.userId`;
 * `sessions.ended` makes every process check that person's sockets against the sessions that
 * remain and close those whose session is gone.
 */
export const CONTROL_TOPIC = 'server:control';
const CONTROL_KIND = 'server';
export const VIEWER_ENDED_EVENT = 'viewer.ended';
export const SESSIONS_ENDED_EVENT = 'sessions.ended';

/** WebSocket close code of a socket whose session ended (the client reads its session again). */
export const VIEWER_ENDED_CLOSE_CODE = LIVE_VIEWER_ENDED_CLOSE_CODE;

/** The bus event that ends every live connection of `userId` (emit it in the transaction that signs them out). */
export function viewerEndedEvent(userId: string): LiveEvent {
  return { topic: CONTROL_TOPIC, event: VIEWER_ENDED_EVENT, ids: { userId } };
}

/**
 * The bus event, sent after some sessions of `userId` ended, that closes the sockets opened with
 * them on every process. `replaced` (token hashes) names a session that goes on under a new
 * token, as a password change does for the session that made it: its sockets stay.
 */
export function sessionsEndedEvent(userId: string, replaced?: { from: string; to: string }): LiveEvent {
  return {
    topic: CONTROL_TOPIC,
    event: SESSIONS_ENDED_EVENT,
    ids: replaced ? { userId, from: replaced.from, to: replaced.to } : { userId },
  };
}

interface Connection {
  id: string;
  socket: WebSocket;
  viewer: LiveViewer | null;
  topics: Set<string>;
  isAlive: boolean;
  /** Set once the hub closes it: later messages are not read. */
  isClosing: boolean;
  presence: LivePresenceStatus;
  /** Token bucket of the message rate. */
  tokens: number;
  refilledAt: number;
}

/**
 * The sockets of this process and the topics they watch. Events arrive from the bus and
 * go to the sockets of their topic, serialised once per event.
 */
export class LiveHub {
  readonly #kinds = new Map<string, TopicKind>();
  readonly #byTopic = new Map<string, Set<Connection>>();
  readonly #connections = new Set<Connection>();
  readonly #logger: Logger;
  readonly #lookupSessions: SessionLookup | undefined;
  readonly #coalesced = new Map<string, LiveEvent>();
  readonly #coalescer = new KeyedThrottle(COALESCE_MS, (key) => {
    const event = this.#coalesced.get(key);
    this.#coalesced.delete(key);
    if (event) this.#fanOut(event);
  });

  /**
   * `sessions` tells which sessions still let someone in; without it (unit tests of delivery)
   * every session counts as live.
   */
  /**
   * `now` (milliseconds) times the slices of a broadcast; tests give their own clock.
   */
  constructor(logger: Logger, options: { sessions?: SessionLookup; now?: () => number } = {}) {
    this.#logger = logger;
    this.#lookupSessions = options.sessions;
    const now = options.now ?? (() => performance.now());
    this.#now = now;
    this.#deliverySlices = new SliceSizer(now);
    this.#pingSlices = new SliceSizer(now);
  }

  readonly #now: () => number;
  readonly #deliverySlices: SliceSizer;
  readonly #pingSlices: SliceSizer;
  #broadcastObserver: BroadcastObserver | undefined;

  /** Lets clients watch topics `kind:id`; each subscription is authorized by `topic`. */
  registerTopicKind(kind: string, topic: TopicKind): void {
    if (this.#kinds.has(kind)) throw new Error(`Topic kind ${kind} is registered twice`);
    if (kind === CONTROL_KIND) throw new Error(`Topic kind ${kind} is the server's own`);
    this.#kinds.set(kind, topic);
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Topics at least one socket of this process watches. */
  get topicCount(): number {
    return this.#byTopic.size;
  }

  /** Tells `observer` how long each broadcast takes from now on (undefined: stop telling). */
  observeBroadcasts(observer: BroadcastObserver | undefined): void {
    this.#broadcastObserver = observer;
  }

  /** Takes a new socket: answers its messages until it closes. */
  accept(socket: WebSocket, viewer: LiveViewer | null): void {
    const connection: Connection = {
      id: randomUUID(),
      socket,
      viewer,
      topics: new Set(),
      isAlive: true,
      isClosing: false,
      presence: 'online',
      tokens: LIVE_MESSAGE_BURST,
      refilledAt: performance.now(),
    };
    this.#connections.add(connection);
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('message', (raw, isBinary) => {
      if (connection.isClosing) return;
      connection.isAlive = true;
      if (!this.#takeToken(connection)) {
        // A client that floods is cut rather than answered: an error frame per extra message
        // would be a flood of our own. Ours sends a few messages a minute.
        this.#close(connection, LIVE_POLICY_VIOLATION_CLOSE_CODE, 'Too many messages');
        return;
      }
      void this.#onMessage(connection, isBinary ? null : raw.toString()).catch((error: unknown) => {
        this.#logger.error({ err: error }, 'live message failed');
        this.#send(connection, { type: 'error', code: 'internal', message: 'Something went wrong.' });
      });
    });
    socket.on('close', () => this.#drop(connection));
    socket.on('error', (error) => this.#logger.debug({ err: error }, 'live socket error'));
    this.#send(connection, { type: 'welcome', connectionId: connection.id });
  }

  /**
   * Delivers an event from the bus to every socket of this process watching its topic. A large
   * audience is served in slices of DELIVERY_SLICE sockets, yielding to the event loop between
   * them, so HTTP responses (the writer's own among them) are not held up behind a broadcast to
   * thousands; events leave in arrival order, so each socket still sees them in order.
   */
  deliver(event: LiveEvent): void {
    if (event.topic === CONTROL_TOPIC) {
      this.#control(event);
      return;
    }
    if (this.#kindOf(event.topic)?.coalesce?.includes(event.event)) {
      const key = `${event.topic}\n${event.event}`;
      this.#coalesced.set(key, event);
      this.#coalescer.hit(key);
      return;
    }
    this.#fanOut(event);
  }

  #fanOut(event: LiveEvent): void {
    const watchers = this.#byTopic.get(event.topic);
    if (!watchers || watchers.size === 0) return;
    const startedAt = this.#now();
    const message: LiveServerMessage = { type: 'event', ...event };
    // Serialised and encoded once: every socket is sent the same bytes (server frames are not
    // masked, so ws neither copies nor changes them), rather than each re-encoding a string.
    const frame = Buffer.from(JSON.stringify(message));
    this.#deliveries.push({ frame, connections: [...watchers], next: 0, startedAt });
    if (!this.#isPumping) this.#pump();
  }

  readonly #deliveries: { frame: Buffer; connections: Connection[]; next: number; startedAt: number }[] = [];
  #isPumping = false;

  #pump(): void {
    this.#isPumping = true;
    let budget = this.#deliverySlices.next();
    while (budget > 0) {
      const delivery = this.#deliveries[0];
      if (!delivery) {
        this.#isPumping = false;
        this.#deliverySlices.ended(false);
        return;
      }
      const end = Math.min(delivery.connections.length, delivery.next + budget);
      for (let index = delivery.next; index < end; index += 1) {
        const connection = delivery.connections[index];
        if (connection && connection.socket.readyState === connection.socket.OPEN) {
          connection.socket.send(delivery.frame, TEXT_FRAME);
        }
      }
      budget -= end - delivery.next;
      delivery.next = end;
      if (delivery.next >= delivery.connections.length) {
        this.#deliveries.shift();
        // once per broadcast, never per socket
        this.#broadcastObserver?.(this.#now() - delivery.startedAt);
      }
    }
    this.#deliverySlices.ended(true);
    setImmediate(() => this.#pump());
  }

  /**
   * Pings every socket; one that did not answer since the last round is cut, so the
   * client notices and reconnects. Thousands of sockets are pinged in slices per turn of the
   * event loop, as broadcasts are, so a round never holds up HTTP responses behind it.
   */
  heartbeat(): void {
    const connections = [...this.#connections];
    let next = 0;
    const pingSlice = () => {
      const end = Math.min(connections.length, next + this.#pingSlices.next());
      for (; next < end; next += 1) {
        const connection = connections[next];
        // closed since the round began
        if (!connection || !this.#connections.has(connection)) continue;
        if (!connection.isAlive) {
          connection.socket.terminate();
          continue;
        }
        connection.isAlive = false;
        connection.socket.ping();
      }
      this.#pingSlices.ended(next < connections.length);
      if (next < connections.length) setImmediate(pingSlice);
    };
    pingSlice();
  }

  /**
   * Closes the sockets of this process signed in as `userId`. Their client reconnects,
   * signed out if its session is gone.
   */
  endViewer(userId: string): number {
    let ended = 0;
    for (const connection of this.#connections) {
      if (connection.viewer?.id !== userId) continue;
      this.#close(connection, VIEWER_ENDED_CLOSE_CODE, 'Signed out');
      ended += 1;
    }
    return ended;
  }

  /**
   * Checks the signed-in sockets of `userIds` (all of them without it) against the sessions
   * that remain, and closes those whose session ended or expired, or whose account was disabled.
   * Returns how many it closed.
   */
  async endLapsedSessions(userIds?: readonly string[]): Promise<number> {
    // What each socket held when the check began: a socket whose session was renamed meanwhile
    // (a password change) is left to the check that the rename brings.
    const checked: { connection: Connection; userId: string; sessionHash: string }[] = [];
    for (const connection of this.#connections) {
      const viewer = connection.viewer;
      if (!viewer || connection.isClosing || (userIds && !userIds.includes(viewer.id))) continue;
      checked.push({ connection, userId: viewer.id, sessionHash: viewer.sessionHash });
    }
    if (checked.length === 0 || !this.#lookupSessions) return 0;
    const live = await this.#lookupSessions([...new Set(checked.map((item) => item.userId))]);
    let ended = 0;
    for (const { connection, userId, sessionHash } of checked) {
      if (connection.viewer?.sessionHash !== sessionHash || live.get(userId)?.has(sessionHash)) continue;
      if (!this.#connections.has(connection) || connection.isClosing) continue;
      this.#close(connection, VIEWER_ENDED_CLOSE_CODE, 'Signed out');
      ended += 1;
    }
    return ended;
  }

  #control(event: LiveEvent): void {
    const { userId, from, to } = event.ids;
    if (typeof userId !== 'string') return;
    if (event.event === VIEWER_ENDED_EVENT) this.endViewer(userId);
    if (event.event === SESSIONS_ENDED_EVENT) {
      if (typeof from === 'string' && typeof to === 'string') {
        for (const connection of this.#connections) {
          if (connection.viewer?.id === userId && connection.viewer.sessionHash === from) {
            connection.viewer = { ...connection.viewer, sessionHash: to };
          }
        }
      }
      this.endLapsedSessions([userId]).catch((error: unknown) => {
        this.#logger.error({ err: error }, 'live sessions could not be checked');
      });
    }
  }

  /** Closes every socket (server shutting down: clients reconnect elsewhere). */
  closeAll(): void {
    this.#coalescer.clear();
    for (const connection of this.#connections) this.#close(connection, 1001, 'Server shutting down');
  }

  /** Closes a socket: from now on it watches nothing and counts as no viewer, even before its client answers. */
  #close(connection: Connection, code: number, reason: string): void {
    connection.isClosing = true;
    for (const topic of connection.topics) this.#unsubscribe(connection, topic);
    connection.socket.close(code, reason);
  }

  /** Takes one message's token from the socket's bucket; false when it is empty. */
  #takeToken(connection: Connection): boolean {
    const now = performance.now();
    const refill = ((now - connection.refilledAt) / 1000) * LIVE_MESSAGES_PER_SECOND;
    connection.tokens = Math.min(LIVE_MESSAGE_BURST, connection.tokens + refill);
    connection.refilledAt = now;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  #kindOf(topic: string): TopicKind | undefined {
    return this.#kinds.get(topic.slice(0, topic.indexOf(':')));
  }

  async #onMessage(connection: Connection, raw: string | null): Promise<void> {
    let data: unknown;
    try {
      data = raw === null ? undefined : JSON.parse(raw);
    } catch {
      data = undefined;
    }
    const parsed = LiveClientMessageSchema.safeParse(data);
    if (!parsed.success) {
      this.#send(connection, {
        type: 'error',
        code: 'invalid_message',
        message: 'Messages are JSON: {"type":"subscribe","topic":"kind:id"}, unsubscribe or ping.',
      });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        this.#send(connection, { type: 'pong' });
        return;
      case 'unsubscribe':
        this.#unsubscribe(connection, message.topic);
        this.#send(connection, { type: 'unsubscribed', topic: message.topic });
        return;
      case 'subscribe':
        await this.#subscribe(connection, message.topic);
        return;
      case 'presence':
        if (connection.presence === message.status) return;
        connection.presence = message.status;
        for (const topic of connection.topics) {
          this.#kindOf(topic)?.presence?.watch(this.#watchOf(connection, topic));
        }
        return;
    }
  }

  #watchOf(connection: Connection, topic: string): PresenceWatch {
    return { topic, connectionId: connection.id, userId: connection.viewer?.id ?? null, status: connection.presence };
  }

  /**
   * Whether the session the socket was opened with still lets its person in; a socket whose
   * session is gone is closed (its client reads its session again and reconnects).
   */
  async #hasLiveSession(connection: Connection): Promise<boolean> {
    const viewer = connection.viewer;
    if (!viewer || !this.#lookupSessions) return true;
    const live = await this.#sessionsOf(viewer.id, this.#lookupSessions);
    // renamed meanwhile by a password change made with this very session: it goes on
    if (connection.viewer?.sessionHash !== viewer.sessionHash) return true;
    if (live.get(viewer.id)?.has(viewer.sessionHash)) return true;
    if (!connection.isClosing) this.#close(connection, VIEWER_ENDED_CLOSE_CODE, 'Signed out');
    return false;
  }

  /**
   * The live sessions of `userId`, read by a lookup that starts after this call: the subscriptions
   * that arrive in one turn of the event loop (a page subscribes to two or three topics at once,
   * many pages reconnect together after a restart) share one query rather than one each.
   */
  #sessionsOf(userId: string, lookup: SessionLookup): Promise<Map<string, Set<string>>> {
    let batch = this.#sessionBatch;
    if (!batch) {
      const userIds = new Set<string>();
      const live = new Promise<Map<string, Set<string>>>((resolve, reject) => {
        setImmediate(() => {
          // later callers start a lookup of their own, after their message arrived
          this.#sessionBatch = undefined;
          lookup([...userIds]).then(resolve, reject);
        });
      });
      batch = { userIds, live };
      this.#sessionBatch = batch;
    }
    batch.userIds.add(userId);
    return batch.live;
  }

  #sessionBatch: { userIds: Set<string>; live: Promise<Map<string, Set<string>>> } | undefined;

  async #subscribe(connection: Connection, topic: string): Promise<void> {
    if (connection.topics.has(topic)) {
      this.#send(connection, { type: 'subscribed', topic });
      return;
    }
    const separator = topic.indexOf(':');
    const kindName = topic.slice(0, separator);
    const id = topic.slice(separator + 1);
    const kind = this.#kinds.get(kindName);
    if (!kind) {
      this.#send(connection, {
        type: 'error',
        topic,
        code: 'unknown_topic',
        message: `There is no topic kind "${kindName}".`,
      });
      return;
    }
    if (connection.topics.size >= MAX_TOPICS_PER_CONNECTION) {
      this.#send(connection, {
        type: 'error',
        topic,
        code: 'too_many_topics',
        message: `One connection may watch at most ${MAX_TOPICS_PER_CONNECTION} topics.`,
      });
      return;
    }
    // A topic is authorized for the person the socket speaks for: only while their session lasts.
    if (!(await this.#hasLiveSession(connection))) return;
    const viewer = connection.viewer ? { id: connection.viewer.id } : null;
    const isAllowed = await kind.authorize({ viewer, id });
    if (!isAllowed) {
      this.#send(connection, { type: 'error', topic, code: 'forbidden', message: 'You may not watch this topic.' });
      return;
    }
    // the socket may have closed, or subscribed twice, while authorization ran
    if (!this.#connections.has(connection) || connection.isClosing) return;
    if (connection.topics.has(topic)) {
      this.#send(connection, { type: 'subscribed', topic });
      return;
    }
    connection.topics.add(topic);
    let watchers = this.#byTopic.get(topic);
    if (!watchers) {
      watchers = new Set();
      this.#byTopic.set(topic, watchers);
    }
    watchers.add(connection);
    kind.presence?.watch(this.#watchOf(connection, topic));
    this.#send(connection, { type: 'subscribed', topic });
  }

  #unsubscribe(connection: Connection, topic: string): void {
    if (!connection.topics.delete(topic)) return;
    const watchers = this.#byTopic.get(topic);
    watchers?.delete(connection);
    if (watchers?.size === 0) this.#byTopic.delete(topic);
    this.#kindOf(topic)?.presence?.unwatch(topic, connection.id);
  }

  #drop(connection: Connection): void {
    for (const topic of connection.topics) this.#unsubscribe(connection, topic);
    this.#connections.delete(connection);
  }

  #send(connection: Connection, message: LiveServerMessage): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }
}
