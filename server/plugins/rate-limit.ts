import { isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from '../lib/errors.ts';

/** A limit: at most `limit` counted events per `windowSeconds` for one subject. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What was limited, for the message: "Too many sign-in attempts". */
  what: string;
}

/** Where counters live: PostgreSQL by default, Redis when configured; shared by every process. */
interface RateStore {
  increment(key: string, windowStart: Date, windowSeconds: number): Promise<number>;
  /** Takes one back (a reservation given back); never below zero. */
  decrement(key: string, windowStart: Date): Promise<void>;
  read(key: string, windowStart: Date): Promise<number>;
  close(): Promise<void>;
}

function postgresStore(db: Database): RateStore {
  // Old windows are swept now and then; they are never read again.
  const sweeper = setInterval(
    () => {
      void db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStart, sql`now() - interval '2 days'`))
        .catch(() => undefined);
    },
    10 * 60 * 1000,
  );
  sweeper.unref();
  return {
    async increment(key, windowStart) {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      return row?.count ?? 1;
    },
    async decrement(key, windowStart) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${windowStart} and ${rateLimits.count} > 0`,
        );
    },
    async read(key, windowStart) {
      const rows = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${windowStart}`);
      return rows[0]?.count ?? 0;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

/**
 * Counters in this process's memory, for the limits of reads: a GET never writes to PostgreSQL,
 * so with PostgreSQL as the shared store each process counts its own readers (several processes
 * allow several times the limit). Windows are swept as they end.
 */
export function memoryStore(now: () => number = Date.now): RateStore {
  const counts = new Map<string, { windowEnd: number; count: number }>();
  const keyOf = (key: string, windowStart: Date) => `${key}:${windowStart.getTime()}`;
  const sweeper = setInterval(() => {
    const time = now();
    for (const [key, entry] of counts) if (entry.windowEnd <= time) counts.delete(key);
  }, 60_000);
  sweeper.unref();
  return {
    async increment(key, windowStart, windowSeconds) {
      const name = keyOf(key, windowStart);
      const entry = counts.get(name) ?? { windowEnd: windowStart.getTime() + windowSeconds * 1000, count: 0 };
      entry.count += 1;
      counts.set(name, entry);
      return entry.count;
    },
    async decrement(key, windowStart) {
      const entry = counts.get(keyOf(key, windowStart));
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async read(key, windowStart) {
      return counts.get(keyOf(key, windowStart))?.count ?? 0;
    },
    async close() {
      clearInterval(sweeper);
      counts.clear();
    },
  };
}

function redisStore(url: string): RateStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, connectionName: 'townhall-rate-limit' });
  redis.on('error', () => undefined);
  const redisKey = (key: string, windowStart: Date) => `townhall:rl:${key}:${windowStart.getTime()}`;
  return {
    async increment(key, windowStart, windowSeconds) {
      const name = redisKey(key, windowStart);
      const [[, count]] = (await redis
        .multi()
        .incr(name)
        .expire(name, windowSeconds * 2)
        .exec()) as [[unknown, number]];
      return count;
    },
    async decrement(key, windowStart) {
      // only while the window's key exists: a DECR on a missing key would make one without expiry
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        redisKey(key, windowStart),
      );
    },
    async read(key, windowStart) {
      return Number((await redis.get(redisKey(key, windowStart))) ?? 0);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/**
 * The part of a client address that identifies one subscriber: the whole IPv4 address, or the
 * /64 prefix of an IPv6 one (a single home or phone gets a whole /64 to pick addresses from).
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const full = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${full
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** One unit of a budget taken ahead of an action; given back when the action does not happen. */
export interface RateReservation {
  release(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one event; over the limit, throws 429 with Retry-After. */
  hit(rule: RateRule, subject: string): Promise<void>;
  /** Throws 429 when the limit is already used up, without counting (for failure counters). */
  check(rule: RateRule, subject: string): Promise<void>;
  /**
   * Takes one unit now, or throws 429 when none is left (the refused attempt is not counted);
   * `release()` gives it back when the action fails. For limits that count successes only:
   * unlike check-then-hit, concurrent attempts cannot all pass the check before any is counted.
   */
  reserve(rule: RateRule, subject: string): Promise<RateReservation>;
}

/** Whose budget a route's limit spends: the signed-in account's, or the client address's (IPv6 per /64). */
export type RateSubjectKind = 'account' | 'address';

/** A limit a route declares in `config.rateLimit`; the rate-limit hook spends it before the handler. */
export interface RouteRateLimit {
  rule: RateRule;
  /**
   * Whose budget it spends. 'account' is skipped for a signed-out request: such routes answer 401
   * themselves, or also declare 'address'. A function names another subject read from the valid
   * input (for example the e-mail a reset link goes to); null skips the limit.
   */
  by: RateSubjectKind | ((request: FastifyRequest) => string | null);
}

/** Route `config` spending `rules` of the signed-in account: `config: perAccount(RULES.x)`. */
export const perAccount = (...rules: RateRule[]) => ({
  rateLimit: rules.map((rule): RouteRateLimit => ({ rule, by: 'account' })),
});

/** Route `config` spending `rules` of the client's address: `config: perAddress(RULES.x)`. */
export const perAddress = (...rules: RateRule[]) => ({
  rateLimit: rules.map((rule): RouteRateLimit => ({ rule, by: 'address' })),
});

/** One limit of a subject read from the request: `config: { rateLimit: [bySubject(RULES.x, (r) => …)] }`. */
export const bySubject = (rule: RateRule, subject: (request: FastifyRequest) => string | null): RouteRateLimit => ({
  rule,
  by: subject,
});

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
    /** The limits of reads (GET): Redis when configured, else this process's memory, never PostgreSQL. */
    readRateLimit: RateLimiter;
  }
  interface FastifyContextConfig {
    /** Limits this route spends, in order, once the viewer is known and the input is valid. */
    rateLimit?: readonly RouteRateLimit[];
  }
}

export function createRateLimiter(store: RateStore, now: () => number = Date.now): RateLimiter {
  const windowOf = (rule: RateRule) => {
    const size = rule.windowSeconds * 1000;
    const start = Math.floor(now() / size) * size;
    return { start: new Date(start), retryAfter: (start + size - now()) / 1000 };
  };
  const refuse = (rule: RateRule, retryAfter: number) =>
    tooManyRequests(retryAfter, `${rule.what}. Please try again in ${waitText(retryAfter)}.`);
  return {
    async hit(rule, subject) {
      const { start, retryAfter } = windowOf(rule);
      const count = await store.increment(`${rule.name}:${subject}`, start, rule.windowSeconds);
      if (count > rule.limit) throw refuse(rule, retryAfter);
    },
    async check(rule, subject) {
      const { start, retryAfter } = windowOf(rule);
      if ((await store.read(`${rule.name}:${subject}`, start)) >= rule.limit) throw refuse(rule, retryAfter);
    },
    async reserve(rule, subject) {
      const key = `${rule.name}:${subject}`;
      const { start, retryAfter } = windowOf(rule);
      const count = await store.increment(key, start, rule.windowSeconds);
      // the window the unit was taken from, even if the action ends in the next one
      const release = () => store.decrement(key, start);
      if (count > rule.limit) {
        // the refusal stands even if the count cannot be taken back now (it only errs on the safe side)
        await release().catch(() => undefined);
        throw refuse(rule, retryAfter);
      }
      let isReleased = false;
      return {
        async release() {
          if (isReleased) return;
          isReleased = true;
          await release();
        },
      };
    },
  };
}

/** The subject a declared limit counts, or null when it does not apply (an account rule, signed out). */
function subjectOf(limit: RouteRateLimit, request: FastifyRequest): string | null {
  if (typeof limit.by === 'function') return limit.by(request);
  if (limit.by === 'address') return addressSubject(request.ip);
  return request.viewer ? request.viewer.id : null;
}

/** Whether a request only reads: its limits must not write to the database. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Rate limits shared by all processes: in PostgreSQL, or in Redis when REDIS_URL is set. Routes
 * declare theirs (`config: perAccount(…)`, `perAddress(…)` or a list of both) and one hook spends
 * them; `app.rateLimit` remains for limits that count only successes or failures. The limits of
 * reads (GET routes: search, suggestions, the sign-up form's availability check) count in Redis
 * when it is configured and otherwise in each process's memory, so no read writes to PostgreSQL.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const store = app.config.redisUrl ? redisStore(app.config.redisUrl) : postgresStore(app.db);
    const readStore = app.config.redisUrl ? store : memoryStore();
    const limiter = createRateLimiter(store);
    const readLimiter = readStore === store ? limiter : createRateLimiter(readStore);
    app.decorate('rateLimit', limiter);
    app.decorate('readRateLimit', readLimiter);
    app.addHook('onClose', async () => {
      await store.close();
      if (readStore !== store) await readStore.close();
    });
    // preHandler: after the session hook has found the viewer (onRequest) and the input was
    // validated, and before the handler opens any transaction, so counting never holds a
    // connection that a transaction needs.
    app.addHook('preHandler', async (request) => {
      const limits = request.routeOptions.config.rateLimit;
      // counted once the input is valid: a route that answers its own validation errors
      // (attachValidation) refuses bad input first, without spending anyone's budget
      if (!limits || request.validationError) return;
      const spend = isRead(request) ? readLimiter : limiter;
      for (const limit of limits) {
        const subject = subjectOf(limit, request);
        if (subject !== null) await spend.hit(limit.rule, subject);
      }
    });
  },
  { name: 'rate-limit', dependencies: ['database', 'viewer'] },
);
