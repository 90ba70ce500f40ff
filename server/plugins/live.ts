import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  LIVE_MAX_CONNECTIONS_PER_ADDRESS,
  LIVE_MAX_MESSAGE_BYTES,
  LiveEventSchema,
  type LiveEvent,
} from '#shared/schemas/live.ts';
import { groupTopic } from '#shared/constants/live.ts';
import type { Transaction } from '../db/client.ts';
import { forbidden, tooManyRequests } from '../lib/errors.ts';
import { createGate } from '../lib/gate.ts';
import { drainServer, RequestsInFlight } from '../lib/graceful-close.ts';
import { pageScope } from '../lib/page-cache.ts';
import { isSameSiteOrigin } from '../lib/origin.ts';
import type { LiveBus } from '../live/bus.ts';
import {
  CONTROL_TOPIC,
  LiveHub,
  SESSIONS_ENDED_EVENT,
  VIEWER_ENDED_EVENT,
  sessionsEndedEvent,
  type LiveViewer,
} from '../live/hub.ts';
import { liveSessionHashes, sessionTokenHash } from '../live/viewer-sessions.ts';
import { addressSubject } from './rate-limit.ts';

/**
 * How often the server pings each socket (a socket silent for two rounds is cut) and checks
 * the signed-in ones against the sessions table (an expired session, or one ended by a path
 * that sent no `sessions.ended`, stops within this time).
 */
const HEARTBEAT_MS = 30_000;
const GROUP_TOPIC_PREFIX = groupTopic('');
/** How long a write that ends sessions waits for its event to come back through the bus. */
const ECHO_WAIT_MS = 1_000;

/** The live side of the app. */
export interface Live {
  hub: LiveHub;
  bus: LiveBus;
  /** Sends events that belong to no write (they leave at once, through the bus, to every process). */
  publish(events: LiveEvent[]): Promise<void>;
  /**
   * Closes, on every process, the sockets of `userId` whose session no longer exists; call it
   * after the sessions changed (sign-out, password change or reset). `replacedToken` names the
   * session token a password change replaced by a new one: the sockets of that session stay.
   * Never throws: a failure is logged, and the periodic check closes the sockets a little later.
   */
  endSessions(userId: string, options?: { replacedToken?: { from: string | null; to: string | null } }): Promise<void>;
}

/** What a domain function gets inside a transaction besides the handle. */
export interface TransactionContext {
  /** Queues a live event; it is sent only if, and when, the transaction commits. */
  emit(event: LiveEvent): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** Runs `fn` in one database transaction; its live events leave at commit. */
    transaction<T>(fn: (tx: Transaction, context: TransactionContext) => Promise<T>): Promise<T>;
  }
}

/** The live channel: WebSocket at /api/live, events from the bus to subscribed sockets. */
export const livePlugin = fp(
  async (app: FastifyInstance, options: { bus: LiveBus }) => {
    const hub = new LiveHub(app.log.child({ component: 'live' }), {
      sessions: (userIds) => liveSessionHashes(app.db, userIds),
    });
    const { bus } = options;
    const endsSessions = (event: LiveEvent) =>
      event.topic === CONTROL_TOPIC && (event.event === VIEWER_ENDED_EVENT || event.event === SESSIONS_ENDED_EVENT);
    /** A control event that ends sessions: every process forgets that person's remembered sessions. */
    const forgetEndedSessions = (event: LiveEvent) => {
      if (endsSessions(event) && typeof event.ids.userId === 'string') app.sessionCache.forgetUser(event.ids.userId);
    };
    // A write that ends sessions answers once its event has come back to this process through
    // the bus (at most ECHO_WAIT_MS): the bus hands it to every process at the same moment, so
    // another process has it before the person (or whoever held the session) can ask it anything.
    const echoWaiters = new Map<string, () => void>();
    // an echo can come back before its writer starts waiting (the bus's connection read first)
    const earlyEchoes = new Set<string>();
    const receiveEcho = (echo: string) => {
      const waiter = echoWaiters.get(echo);
      if (waiter) return waiter();
      earlyEchoes.add(echo);
      setTimeout(() => earlyEchoes.delete(echo), ECHO_WAIT_MS).unref();
    };
    const awaitEcho = async (echo: string) => {
      if (earlyEchoes.delete(echo)) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        echoWaiters.set(echo, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      clearTimeout(timer);
      echoWaiters.delete(echo);
    };

    // Half the pool at most for write transactions: in a busy group they queue on the same
    // rows, and without a bound a burst of writes holds every connection while reads wait.
    // Never call app.transaction inside one: it would wait for a slot its caller holds.
    const writeGate = createGate(Math.max(1, Math.floor(app.config.databasePoolMax / 2)));
    app.decorate('transaction', async function transaction<
      T,
    >(fn: (tx: Transaction, context: TransactionContext) => Promise<T>): Promise<T> {
      const events: LiveEvent[] = [];
      const echoes: string[] = [];
      const context: TransactionContext = {
        emit: (emitted) => {
          const event = LiveEventSchema.parse(emitted);
          if (endsSessions(event)) {
            const echo = randomUUID();
            echoes.push(echo);
            event.ids = { ...event.ids, echo };
          }
          events.push(event);
        },
      };
      const result = await writeGate.run(() =>
        app.db.transaction(async (tx) => {
          const value = await fn(tx, context);
          if (events.length > 0) await bus.publishInTransaction(tx, events);
          return value;
        }),
      );
      // this process forgets ended sessions before the write answers, not when the bus brings the event back
      for (const event of events) forgetEndedSessions(event);
      const echoed = echoes.map(awaitEcho);
      if (events.length > 0) {
        await bus.publishAfterCommit(events).catch((error: unknown) => {
          // the write stands; clients catch up through the API when they reconnect
          app.log.error({ err: error }, 'live events could not be published');
        });
      }
      await Promise.all(echoed);
      return result;
    });

    const publish = async (events: LiveEvent[]) => {
      await app.transaction(async (_tx, { emit }) => {
        for (const event of events) emit(event);
      });
    };
    app.decorate('live', {
      hub,
      bus,
      publish,
      async endSessions(userId, endOptions = {}) {
        const { from, to } = endOptions.replacedToken ?? {};
        const replaced = from && to ? { from: sessionTokenHash(from), to: sessionTokenHash(to) } : undefined;
        await publish([sessionsEndedEvent(userId, replaced)]).catch((error: unknown) => {
          app.log.error({ err: error, userId }, 'the end of sessions could not be sent to the live channel');
        });
      },
    } satisfies Live);

    // a group's kept pages are read again after its content's events without asking PostgreSQL
    // (a hint only: server/lib/page-cache.ts)
    const pageScopesOfEvent = (event: LiveEvent): string[] => {
      const groupId = event.topic.startsWith(GROUP_TOPIC_PREFIX)
        ? event.topic.slice(GROUP_TOPIC_PREFIX.length)
        : event.ids.groupId;
      if (typeof groupId !== 'string') return [];
      const both = [pageScope(groupId, 'queue'), pageScope(groupId, 'posts')];
      const [kind] = event.event.split('.');
      const about = event.data?.parentType ?? event.data?.targetType;
      if (kind === 'question') return [pageScope(groupId, 'queue')];
      if (kind === 'post') return [pageScope(groupId, 'posts')];
      if (kind === 'comment' || kind === 'like') {
        if (about === 'post') return [pageScope(groupId, 'posts')];
        if (about === 'question' || about === 'answer') return [pageScope(groupId, 'queue')];
        return both;
      }
      return kind === 'group' ? both : [];
    };
    await bus.start(
      (event) => {
        forgetEndedSessions(event);
        for (const scope of pageScopesOfEvent(event)) app.groupEvents.heard(scope);
        if (typeof event.ids.echo === 'string') receiveEcho(event.ids.echo);
        hub.deliver(event);
      },
      // while the bus is away, events that end sessions could be missed: no session is remembered
      (isConnected) => (isConnected ? app.sessionCache.resume() : app.sessionCache.suspend()),
    );
    const heartbeat = setInterval(() => {
      hub.heartbeat();
      hub.endLapsedSessions().catch((error: unknown) => {
        app.log.error({ err: error }, 'live sessions could not be checked');
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();

    // Open sockets per address (IPv6 per /64) on this process, counted from the handshake until
    // the connection's TCP socket closes, so handshakes under way count too.
    const openPerAddress = new Map<string, number>();
    const viewerOfHandshake = new WeakMap<object, LiveViewer>();

    // Stopping (SIGTERM/SIGINT): the requests under way finish before the live sockets close with
    // 1001 (server/lib/graceful-close.ts); a socket opened meanwhile is closed at once.
    const requests = new RequestsInFlight(app.server);
    let isStopping = false;
    await app.register(websocket, {
      options: { maxPayload: LIVE_MAX_MESSAGE_BYTES },
      preClose: async function () {
        isStopping = true;
        clearInterval(heartbeat);
        await drainServer({
          server: app.server,
          requests,
          websockets: app.websocketServer,
          closeLive: () => hub.closeAll(),
          logger: app.log,
        });
      },
    });
    app.get(
      '/api/live',
      {
        websocket: true,
        schema: {
          summary: 'Live channel (WebSocket)',
          description:
            'Upgrade to a WebSocket. Send {"type":"subscribe","topic":"kind:id"}, {"type":"unsubscribe","topic":…} or {"type":"ping"}; ' +
            'receive {"type":"event","topic","event","ids","data"?} after the write that caused it committed. Messages are at most 64 KiB.',
          querystring: z.strictObject({}),
        },
        preValidation: async (request) => {
          // a page of another site may not open it (cross-site WebSocket hijacking)
          if (!isSameSiteOrigin(request, app.config.publicUrl)) {
            throw forbidden('This page may not open the live channel (its Origin is not allowed).');
          }
          // a plain GET of this path is no connection (the route answers 404)
          if (!request.ws) return;
          // Counted before anything else is done for it, and synchronously, so a burst of
          // handshakes cannot slip past the cap while others wait for the database.
          const subject = addressSubject(request.ip);
          const open = openPerAddress.get(subject) ?? 0;
          if (open >= LIVE_MAX_CONNECTIONS_PER_ADDRESS) {
            throw tooManyRequests(
              30,
              `Too many live connections from your network (at most ${LIVE_MAX_CONNECTIONS_PER_ADDRESS} at once). Close some tabs and try again.`,
            );
          }
          openPerAddress.set(subject, open + 1);
          request.raw.socket.once('close', () => {
            const left = (openPerAddress.get(subject) ?? 1) - 1;
            if (left > 0) openPerAddress.set(subject, left);
            else openPerAddress.delete(subject);
          });
          // The socket remembers the session it was opened with, so it ends when that session does.
          if (request.viewer && request.sessionToken) {
            viewerOfHandshake.set(request, {
              id: request.viewer.id,
              sessionHash: sessionTokenHash(request.sessionToken),
            });
          }
        },
      },
      (socket, request) => {
        if (isStopping) {
          socket.close(1001, 'Server shutting down');
          return;
        }
        hub.accept(socket, viewerOfHandshake.get(request) ?? null);
      },
    );

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      hub.closeAll();
      await bus.close();
    });
  },
  { name: 'live', dependencies: ['database', 'accounts', 'page-changes'] },
);
