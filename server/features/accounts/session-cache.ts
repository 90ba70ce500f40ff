import type { Viewer } from '../../lib/viewer.ts';

/** How long a session read from the database is trusted without reading it again. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** At most this many sessions are remembered; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  viewer: Viewer;
  /** When the session itself expires (better-auth's expiresAt). */
  expiresAt: Date;
  /** When it was read from the database. */
  readAt: number;
}

/**
 * The sessions this process read from the database in the last `SESSION_CACHE_TTL_MS`, by the
 * session cookie's signed value (checked before it is remembered), so a signed-in request does not
 * cost a statement, or a signature check, more than the same request signed out.
 *
 * Whatever ends sessions forgets them here at once, on every process: sign-out, a password
 * change or reset, an administrator disabling the account and a Google link that removes an
 * unproven account's sessions all send `sessions.ended` or `viewer.ended` on the live bus (at
 * commit, and to their own process before they answer), and every process's cache forgets that
 * person's sessions when the event arrives. While the bus is disconnected nothing is remembered
 * (events could be missed), and the time limit bounds what a lost event could leave behind. A read that began before such an event does not store its (older) answer: every
 * forgetting moves the generation on, and a read stores only if the generation it began in is
 * still the current one.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;
  #isSuspended = false;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  /** The generation a read begins in; pass it to `remember`. */
  get generation(): number {
    return this.#generation;
  }

  /** The viewer of `key` when it was read within the time limit and has not expired since. */
  find(key: string): { viewer: Viewer; expiresAt: Date } | undefined {
    if (this.#isSuspended) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.readAt >= this.#ttlMs || entry.expiresAt.getTime() <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Remembers a session read from the database, unless sessions were forgotten since `generation`. */
  remember(key: string, entry: { viewer: Viewer; expiresAt: Date }, generation: number): void {
    if (generation !== this.#generation || this.#isSuspended) return;
    this.#entries.delete(key);
    this.#entries.set(key, { ...entry, readAt: this.#now() });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Forgets every session of `userId` (some of them ended). */
  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const [token, entry] of this.#entries) {
      if (entry.viewer.id === userId) this.#entries.delete(token);
    }
  }

  /** Forgets every session. */
  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /**
   * The live bus lost its connection: the events that end sessions may not arrive, so every
   * session is read from the database until `resume`.
   */
  suspend(): void {
    this.#isSuspended = true;
    this.forgetAll();
  }

  /** The live bus is back: sessions are remembered again, from scratch. */
  resume(): void {
    this.#isSuspended = false;
    this.forgetAll();
  }

  get size(): number {
    return this.#entries.size;
  }
}
