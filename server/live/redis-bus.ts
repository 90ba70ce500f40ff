import { Redis } from 'ioredis';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { LiveEventSchema } from '#shared/schemas/live.ts';
import { LIVE_CHANNEL, encodeEvent, reconnectDelay, type BusTraffic, type LiveBus } from './bus.ts';

/**
 * Events through Redis pub/sub, for installations with many processes. Redis cannot join the
 * database transaction, so events are published right after the commit.
 */
export function createRedisBus(options: { url: string; logger: Logger }): LiveBus {
  const { url, logger } = options;
  const redisOptions = {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    retryStrategy: (times: number) => reconnectDelay(times),
  };
  // While Redis is away a publish fails at once instead of waiting in ioredis's queue: it runs
  // after the write committed, inside the request, which must not hang on it (the event is
  // dropped and logged; clients catch up through the API).
  const publisher = new Redis(url, { ...redisOptions, enableOfflineQueue: false, connectionName: 'townhall-live-pub' });
  const subscriber = new Redis(url, { ...redisOptions, connectionName: 'townhall-live-sub' });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => logger.warn({ err: error }, 'Redis connection error'));
  }
  let traffic: BusTraffic | undefined;

  return {
    kind: 'redis',
    async start(onEvent, onConnection) {
      // lost: events published meanwhile never arrive; back (ioredis subscribes again by itself)
      let isConnected = false;
      subscriber.on('close', () => {
        if (isConnected) onConnection?.(false);
        isConnected = false;
      });
      subscriber.on('ready', () => {
        if (!isConnected) onConnection?.(true);
        isConnected = true;
      });
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== LIVE_CHANNEL) return;
        try {
          const parsed = LiveEventSchema.safeParse(JSON.parse(message));
          if (parsed.success) {
            traffic?.received();
            onEvent(parsed.data);
          } else logger.warn({ message }, 'ignored a malformed live event');
        } catch {
          logger.warn({ message }, 'ignored a live event that is not JSON');
        }
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(LIVE_CHANNEL);
    },
    async publishInTransaction() {
      // Redis publishes after commit
    },
    async publishAfterCommit(events) {
      for (const event of events) {
        await publisher.publish(LIVE_CHANNEL, encodeEvent(event));
        traffic?.published(1);
      }
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
    observeTraffic(observer) {
      traffic = observer;
    },
  };
}
