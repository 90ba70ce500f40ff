import type { LiveEvent } from '#shared/schemas/live.ts';
import type { Transaction } from '../db/client.ts';

/** Told of the events that cross processes through the bus (metrics listen here). */
export interface BusTraffic {
  /** `count` events of a committed write left this process. */
  published(count: number): void;
  /** An event arrived from the bus (from any process, this one included). */
  received(): void;
}

/**
 * Carries live events between server processes. Every process, the writer included,
 * receives each event from the bus and hands it to its own sockets.
 */
export interface LiveBus {
  readonly kind: 'postgres' | 'redis';
  /**
   * Starts receiving; `onEvent` is called for every event from any process. `onConnection` hears
   * when the receiving connection is lost (false: events sent meanwhile never arrive) and when
   * it is back (true).
   */
  start(onEvent: (event: LiveEvent) => void, onConnection?: (isConnected: boolean) => void): Promise<void>;
  /** Called inside the writing transaction, just before it commits. */
  publishInTransaction(tx: Transaction, events: LiveEvent[]): Promise<void>;
  /** Called after the writing transaction committed. */
  publishAfterCommit(events: LiveEvent[]): Promise<void>;
  close(): Promise<void>;
  /** Tells `traffic` of every event published and received from now on (undefined: stop telling). */
  observeTraffic(traffic: BusTraffic | undefined): void;
}

/** Name of the PostgreSQL channel and of the Redis channel events travel on. */
export const LIVE_CHANNEL = 'townhall_live';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7_900;

export function encodeEvent(event: LiveEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
    throw new Error(
      `Live event ${event.event} is too large (${Buffer.byteLength(payload)} bytes); send ids, not content`,
    );
  }
  return payload;
}

/** Backoff for reconnecting a bus connection: 0.5 s doubling to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** attempt);
}
