import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { LIVE_MAX_MESSAGE_BYTES, LiveEventSchema, type LiveEvent } from '#shared/schemas/live.ts';
import type { Transaction } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';
import { createGate } from '../lib/gate.ts';
import { isSameSiteOrigin } from '../lib/origin.ts';
import type { LiveBus } from '../live/bus.ts';
import { LiveHub } from '../live/hub.ts';

/** How often the server pings each socket; a socket silent for two rounds is cut. */
const HEARTBEAT_MS = 30_000;

/** What a domain function gets inside a transaction besides the handle. */
export interface TransactionContext {
  /** Queues a live event; it is sent only if, and when, the transaction commits. */
  emit(event: LiveEvent): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: { hub: LiveHub; bus: LiveBus };
    /** Runs `fn` in one database transaction; its live events leave at commit. */
    transaction<T>(fn: (tx: Transaction, context: TransactionContext) => Promise<T>): Promise<T>;
  }
}

/** The live channel: WebSocket at /api/live, events from the bus to subscribed sockets. */
export const livePlugin = fp(
  async (app: FastifyInstance, options: { bus: LiveBus }) => {
    const hub = new LiveHub(app.log.child({ component: 'live' }));
    const { bus } = options;
    app.decorate('live', { hub, bus });

    // Half the pool at most for write transactions: in a busy group they queue on the same
    // rows, and without a bound a burst of writes holds every connection while reads wait.
    // Never call app.transaction inside one: it would wait for a slot its caller holds.
    const writeGate = createGate(Math.max(1, Math.floor(app.config.databasePoolMax / 2)));
    app.decorate('transaction', async function transaction<
      T,
    >(fn: (tx: Transaction, context: TransactionContext) => Promise<T>): Promise<T> {
      const events: LiveEvent[] = [];
      const context: TransactionContext = { emit: (event) => events.push(LiveEventSchema.parse(event)) };
      const result = await writeGate.run(() =>
        app.db.transaction(async (tx) => {
          const value = await fn(tx, context);
          if (events.length > 0) await bus.publishInTransaction(tx, events);
          return value;
        }),
      );
      if (events.length > 0) {
        await bus.publishAfterCommit(events).catch((error: unknown) => {
          // the write stands; clients catch up through the API when they reconnect
          app.log.error({ err: error }, 'live events could not be published');
        });
      }
      return result;
    });

    await bus.start((event) => hub.deliver(event));
    const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
    heartbeat.unref();

    await app.register(websocket, { options: { maxPayload: LIVE_MAX_MESSAGE_BYTES } });
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
        },
      },
      (socket, request) => {
        hub.accept(socket, request.viewer);
      },
    );

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      hub.closeAll();
      await bus.close();
    });
  },
  { name: 'live', dependencies: ['database'] },
);
