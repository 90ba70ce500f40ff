import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { LiveEventSchema, type LiveEvent } from '#shared/schemas/live.ts';
import { LIVE_CHANNEL, encodeEvent, reconnectDelay, type BusTraffic, type LiveBus } from './bus.ts';
import { logDatabaseError } from '../lib/database-errors.ts';

/**
 * Events through PostgreSQL LISTEN/NOTIFY. NOTIFY runs inside the writing transaction, so
 * an event leaves exactly when the write commits and never when it rolls back. Each process
 * keeps one dedicated connection that listens.
 */
export function createPostgresBus(options: {
  url: string;
  logger: Logger;
  /** The listening connection's application_name (tests tell theirs apart by it). */
  applicationName?: string;
}): LiveBus {
  const { url, logger } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let reconnecting = false;
  let handler: (event: LiveEvent) => void = () => {};
  let onConnection: (isConnected: boolean) => void = () => {};
  let traffic: BusTraffic | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    try {
      const parsed = LiveEventSchema.safeParse(JSON.parse(message.payload));
      if (parsed.success) {
        traffic?.received();
        handler(parsed.data);
      } else logger.warn({ payload: message.payload }, 'ignored a malformed live event');
    } catch {
      logger.warn({ payload: message.payload }, 'ignored a live event that is not JSON');
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? 'townhall-live',
      // a reconnect attempt to a server that does not answer gives up and tries again later
      connectionTimeoutMillis: 5_000,
      // a listener whose server vanished without closing the connection ends, and reconnects
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      logDatabaseError(logger, 'warn', error, 'live listener connection failed');
    });
    next.on('end', () => {
      if (client === next) {
        client = undefined;
        if (!closed) onConnection(false);
      }
      if (!closed) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      // a half-open connection would stay behind, listening to nothing
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (reconnecting) {
      logger.info('live listener reconnected');
      onConnection(true);
    }
    reconnecting = false;
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    reconnecting = true;
    const delay = reconnectDelay(attempt++);
    logger.warn({ delay }, 'live listener reconnecting');
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'live listener could not reconnect');
        scheduleReconnect();
      });
    }, delay);
  };

  return {
    kind: 'postgres',
    async start(onEvent, onConnectionChange) {
      handler = onEvent;
      if (onConnectionChange) onConnection = onConnectionChange;
      await connect();
    },
    async publishInTransaction(tx, events) {
      // all of a write's events in one round trip, in their order (one statement text for any count)
      const payloads = events.map(encodeEvent);
      await tx.execute(
        sql`select pg_notify(${LIVE_CHANNEL}, "payload") from unnest(${sql.param(payloads)}::text[]) with ordinality as "e"("payload", "n") order by "n"`,
      );
    },
    async publishAfterCommit(events) {
      // already sent at commit; counted only now, so a write that rolled back counts nothing
      traffic?.published(events.length);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
    observeTraffic(observer) {
      traffic = observer;
    },
  };
}
