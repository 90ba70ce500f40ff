import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_VIEWER_ENDED_CLOSE_CODE,
  LiveClientMessageSchema,
  type LiveEvent,
  type LiveServerMessage,
} from '#shared/schemas/live.ts';
import type { Viewer } from '../lib/viewer.ts';

/** Decides whether a viewer may watch a topic of one kind. */
export interface TopicKind {
  authorize(context: { viewer: Viewer | null; id: string }): boolean | Promise<boolean>;
}

/** Sockets served per turn of the event loop when an event goes to a large audience. */
export const DELIVERY_SLICE = 256;

/** Most topics one connection may watch at once. */
export const MAX_TOPICS_PER_CONNECTION = 100;

/**
 * Topic of the bus's own messages between processes; never a client's. An event
 * `viewer.ended` here closes, on every process, the sockets of the person `ids.userId`.
 */
export const CONTROL_TOPIC = 'server:control';
const CONTROL_KIND = 'server';
export const VIEWER_ENDED_EVENT = 'viewer.ended';

/** WebSocket close code of a socket whose person was signed out by the server (disabled account). */
export const VIEWER_ENDED_CLOSE_CODE = LIVE_VIEWER_ENDED_CLOSE_CODE;

/** The bus event that ends every live connection of `userId` (emit it in the transaction that signs them out). */
export function viewerEndedEvent(userId: string): LiveEvent {
  return { topic: CONTROL_TOPIC, event: VIEWER_ENDED_EVENT, ids: { userId } };
}

interface Connection {
  id: string;
  socket: WebSocket;
  viewer: Viewer | null;
  topics: Set<string>;
  isAlive: boolean;
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

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Lets clients watch topics `kind:id`; each subscription is authorized by `topic`. */
  registerTopicKind(kind: string, topic: TopicKind): void {
    if (this.#kinds.has(kind)) throw new Error(`Topic kind ${kind} is registered twice`);
    if (kind === CONTROL_KIND) throw new Error(`Topic kind ${kind} is the server's own`);
    this.#kinds.set(kind, topic);
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Takes a new socket: answers its messages until it closes. */
  accept(socket: WebSocket, viewer: Viewer | null): void {
    const connection: Connection = { id: randomUUID(), socket, viewer, topics: new Set(), isAlive: true };
    this.#connections.add(connection);
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('message', (raw, isBinary) => {
      connection.isAlive = true;
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
    const watchers = this.#byTopic.get(event.topic);
    if (!watchers || watchers.size === 0) return;
    const message: LiveServerMessage = { type: 'event', ...event };
    this.#deliveries.push({ frame: JSON.stringify(message), connections: [...watchers], next: 0 });
    if (!this.#isPumping) this.#pump();
  }

  readonly #deliveries: { frame: string; connections: Connection[]; next: number }[] = [];
  #isPumping = false;

  #pump(): void {
    this.#isPumping = true;
    let budget = DELIVERY_SLICE;
    while (budget > 0) {
      const delivery = this.#deliveries[0];
      if (!delivery) {
        this.#isPumping = false;
        return;
      }
      const end = Math.min(delivery.connections.length, delivery.next + budget);
      for (let index = delivery.next; index < end; index += 1) {
        const connection = delivery.connections[index];
        if (connection && connection.socket.readyState === connection.socket.OPEN) {
          connection.socket.send(delivery.frame);
        }
      }
      budget -= end - delivery.next;
      delivery.next = end;
      if (delivery.next >= delivery.connections.length) this.#deliveries.shift();
    }
    setImmediate(() => this.#pump());
  }

  /**
   * Pings every socket; one that did not answer since the last round is cut, so the
   * client notices and reconnects.
   */
  heartbeat(): void {
    for (const connection of this.#connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }

  /**
   * Closes the sockets of this process signed in as `userId`. Their client reconnects,
   * signed out if its session is gone.
   */
  endViewer(userId: string): number {
    let ended = 0;
    for (const connection of this.#connections) {
      if (connection.viewer?.id !== userId) continue;
      connection.socket.close(VIEWER_ENDED_CLOSE_CODE, 'Signed out');
      ended += 1;
    }
    return ended;
  }

  #control(event: LiveEvent): void {
    const userId = event.ids.userId;
    if (event.event === VIEWER_ENDED_EVENT && typeof userId === 'string') this.endViewer(userId);
  }

  /** Closes every socket (server shutting down: clients reconnect elsewhere). */
  closeAll(): void {
    for (const connection of this.#connections) connection.socket.close(1001, 'Server shutting down');
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
    }
  }

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
    const isAllowed = await kind.authorize({ viewer: connection.viewer, id });
    if (!isAllowed) {
      this.#send(connection, { type: 'error', topic, code: 'forbidden', message: 'You may not watch this topic.' });
      return;
    }
    // the socket may have closed while authorization ran
    if (!this.#connections.has(connection)) return;
    connection.topics.add(topic);
    let watchers = this.#byTopic.get(topic);
    if (!watchers) {
      watchers = new Set();
      this.#byTopic.set(topic, watchers);
    }
    watchers.add(connection);
    this.#send(connection, { type: 'subscribed', topic });
  }

  #unsubscribe(connection: Connection, topic: string): void {
    connection.topics.delete(topic);
    const watchers = this.#byTopic.get(topic);
    watchers?.delete(connection);
    if (watchers?.size === 0) this.#byTopic.delete(topic);
  }

  #drop(connection: Connection): void {
    for (const topic of connection.topics) this.#unsubscribe(connection, topic);
    this.#connections.delete(connection);
  }

  #send(connection: Connection, message: LiveServerMessage): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }
}
