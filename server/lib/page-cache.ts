import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageChanges } from '../db/schema/index.ts';
import { pageChangeLog, parseSnapshot, type Snapshot } from './page-change-log.ts';

/** How many pages a process keeps (the least recently used go first). */
export const PAGE_CACHE_MAX_ENTRIES = 1_000;
/**
 * How long a page is kept at most. The rows of page_changes that could make it stale live ten
 * minutes (PAGE_CHANGES_KEPT_MS); a page must be gone long before they are.
 */
export const PAGE_CACHE_MAX_AGE_MS = 60_000;
/** How long the rows of page_changes are kept: far longer than any page, and than any write's transaction. */
export const PAGE_CHANGES_KEPT_MS = 10 * 60_000;

/**
 * The scopes of a group (migrations 0028, 0029): its question queue and the comments of its
 * questions ('queue', named by the group's id), its posts and their comments ('posts'), and its
 * own row and its sessions ('group'): the last two are uuids made from the group's id as
 * `page_scope` makes them in SQL.
 */
export type PageKind = 'queue' | 'posts' | 'group';

/** The uuid PostgreSQL's `md5(text)::uuid` gives. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The scope of a group's pages of one kind, as page_changes names it (`page_scope(group_id, kind)`). */
export function pageScope(groupId: string, kind: PageKind): string {
  const id = groupId.toLowerCase();
  return kind === 'queue' ? id : md5Uuid(`${id}:${kind}`);
}

/**
 * The scope of a person (`person_scope(user_id)`, migration 0029): their username, name and image,
 * their subscriptions, memberships, follows and notifications, and the groups they host.
 */
export function personScope(userId: string): string {
  return md5Uuid(`person:${userId}`);
}

/** The scope of every session of the site (`sessions_scope()`, migration 0029). */
export const SESSIONS_SCOPE = md5Uuid('sessions');

/**
 * What a page was read in: the scopes of everything it shows or was chosen from (`pageScope`,
 * `personScope`, SESSIONS_SCOPE) and the snapshot of the statement that read it, or of an earlier
 * one (`pg_current_snapshot()`).
 */
export interface PageSource {
  scopes: readonly string[];
  snapshot: string;
}

interface Entry<T> extends PageSource {
  read: Snapshot;
  value: T;
  storedAt: number;
  /** Its scopes' count of live events when the page was kept. */
  epoch: number;
}

/**
 * Which scopes this process has heard live events of since a page was kept: a hint only. A page
 * of a scope with a newer event is read again without asking PostgreSQL whether it changed (it
 * surely did: during a vote burst that saves each read the probe). Without the hint, nothing is
 * served that the probe would not allow: a page is never served on the hint's word.
 */
export class GroupEvents {
  readonly #counts = new Map<string, number>();

  heard(scope: string): void {
    this.#counts.set(scope, (this.#counts.get(scope) ?? 0) + 1);
  }

  count(scope: string): number {
    return this.#counts.get(scope) ?? 0;
  }

  /** The events heard of any of `scopes`. */
  countOf(scopes: readonly string[]): number {
    let total = 0;
    for (const scope of scopes) total += this.count(scope);
    return total;
  }
}

/** The pages kept by any PageCache: never changed once kept, so their JSON is written once (response-serializer.ts). */
const keptPages = new WeakSet<object>();

export const isKeptPage = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && keptPages.has(value);

/** The SQL that reads a page's snapshot: select it with the page, in the same statement. */
export const currentSnapshot = sql<string>`pg_current_snapshot()::text`;

/**
 * Pages read once and served again until something they show changes (decisions 034 and 035).
 *
 * A page is kept with the snapshot of the statement that read it and the scopes of what it shows.
 * Triggers write one row of `page_changes` per scope and transaction that changes what the scope's
 * pages show (migrations 0026–0029). Before a kept page is served, this process's change log
 * (`PageChangeLog`) reads every row committed before the request came (one statement shared by
 * the requests waiting for it), and the page is read again if one of its scopes was changed by a
 * transaction its snapshot does not see. So a page is never older than what a fresh read would
 * give: there is no window, on this process or any other, and it holds for every writer (the app,
 * a job, an operator's SQL).
 */
export class PageCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;

  readonly #events: GroupEvents;

  constructor(
    options: { maxEntries?: number; maxAgeMs?: number; now?: () => number; events?: GroupEvents | undefined } = {},
  ) {
    this.#maxEntries = options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES;
    this.#maxAgeMs = options.maxAgeMs ?? PAGE_CACHE_MAX_AGE_MS;
    this.#now = options.now ?? Date.now;
    this.#events = options.events ?? new GroupEvents();
  }

  /** The reads under way, by key: a read of the same page waits for them, then asks (below). */
  readonly #loading = new Map<string, Promise<void>>();

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The page under `key`: kept, if nothing it shows changed since it was read; otherwise `load`ed
   * and kept when `load` names the snapshot it was read in. While a page is being read, another
   * request for it waits for that read and then asks whether what it kept is still current (the
   * probe), instead of reading it too: after a change, a burst of readers of one page costs one
   * read and a probe each, not a read each.
   */
  serve(db: Database, key: string, load: () => Promise<LoadedPage<T>>): Promise<T> {
    // nothing kept and nobody reading it: read it, known at once to whoever comes next
    if (!this.#loading.has(key) && !this.#entries.has(key)) return this.#load(key, load);
    return this.#serveKept(db, key, load);
  }

  async #serveKept(db: Database, key: string, load: () => Promise<LoadedPage<T>>): Promise<T> {
    for (let round = 0; round < 2; round += 1) {
      const loading = this.#loading.get(key);
      if (loading) await loading;
      const kept = await this.read(db, key);
      if (kept !== undefined) return kept;
      // someone began reading it while this one asked: wait for theirs, once
      if (!this.#loading.has(key)) break;
    }
    return this.#load(key, load);
  }

  async #load(key: string, load: () => Promise<LoadedPage<T>>): Promise<T> {
    const startedAt = this.#now();
    const pending = load();
    const settled = pending.then(
      () => undefined,
      () => undefined,
    );
    this.#loading.set(key, settled);
    try {
      const { value, source } = await pending;
      // a page read slower than a page lives is not kept: the change log forgets what is older still
      if (source && this.#now() - startedAt <= this.#maxAgeMs) this.store(key, source, value);
      return value;
    } finally {
      if (this.#loading.get(key) === settled) this.#loading.delete(key);
    }
  }

  /** The page kept under `key`, if nothing it shows changed since it was read; otherwise undefined. */
  async read(db: Database, key: string): Promise<T | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#maxAgeMs || this.#events.countOf(entry.scopes) !== entry.epoch) {
      this.#entries.delete(key);
      return undefined;
    }
    // every change committed before now is known to this process's log: is one unseen by the page?
    const log = pageChangeLog(db);
    await log.sync();
    if (log.hasChanged(entry.scopes, entry.read)) {
      // a newer page may have been stored meanwhile
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
      return undefined;
    }
    // most recently used last
    if (this.#entries.get(key) === entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry.value;
  }

  /** Keeps `value`, read in `source`, under `key`. */
  store(key: string, source: PageSource, value: T): void {
    if (typeof value === 'object' && value !== null) keptPages.add(value);
    this.#entries.delete(key);
    this.#entries.set(key, {
      ...source,
      read: parseSnapshot(source.snapshot),
      value,
      storedAt: this.#now(),
      epoch: this.#events.countOf(source.scopes),
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** What a page's read gives: the page, and the snapshot it was read in when it may be kept. */
export interface LoadedPage<T> {
  value: T;
  source: PageSource | undefined;
}

/** `cache.serve(…)`, or simply `load()` without a cache. */
export async function servePage<T>(
  cache: PageCache<T> | undefined,
  db: Database,
  key: string,
  load: () => Promise<LoadedPage<T>>,
): Promise<T> {
  return cache ? cache.serve(db, key, load) : (await load()).value;
}

/**
 * `cache.serve(…)` for a page chosen from more than it shows (decision 035): `chosenFrom` reads, in
 * a statement before the page's, the snapshot and the scopes of what the page is chosen from;
 * `read` then reads the page, and `shownScopes` names the scopes of what its rows show. Whatever
 * commits between the two statements, the first one's snapshot does not see: the page is read
 * again next time, never served stale.
 */
export async function serveChosenPage<T, R>(
  cache: PageCache<T> | undefined,
  db: Database,
  key: string,
  parts: {
    chosenFrom: () => Promise<PageSource | undefined>;
    read: () => Promise<{ rows: readonly R[]; value: T }>;
    shownScopes: (rows: readonly R[]) => Iterable<string>;
  },
): Promise<T> {
  if (!cache) return (await parts.read()).value;
  return cache.serve(db, key, async () => {
    const chosenFrom = await parts.chosenFrom();
    const { rows, value } = await parts.read();
    if (!chosenFrom) return { value, source: undefined };
    const scopes = new Set([...chosenFrom.scopes, ...parts.shownScopes(rows)]);
    return { value, source: { scopes: [...scopes], snapshot: chosenFrom.snapshot } };
  });
}

/** Deletes the rows of page_changes no kept page can need any more. */
export async function forgetOldPageChanges(db: Database): Promise<void> {
  await db
    .delete(pageChanges)
    .where(sql`${pageChanges.changedAt} < now() - make_interval(secs => ${PAGE_CHANGES_KEPT_MS / 1000})`);
}
