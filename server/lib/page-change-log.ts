import { sql } from 'drizzle-orm';
import { separatePool, type Database } from '../db/client.ts';
import { pageChanges } from '../db/schema/index.ts';
import { preparedQuery } from './prepared.ts';

/** A snapshot as `pg_current_snapshot()` writes it ('xmin:xmax:xip,…'), read once. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  /** The transactions in progress when it was taken. */
  xip: ReadonlySet<bigint>;
}

export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, xip] = text.split(':');
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${text}`);
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    xip: new Set(xip ? xip.split(',').map((xid) => BigInt(xid)) : []),
  };
}

/** Whether a committed transaction's changes are seen by `snapshot` (PostgreSQL's pg_visible_in_snapshot). */
export function isVisibleIn(snapshot: Snapshot, xid: bigint): boolean {
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.xip.has(xid));
}

/**
 * How long this process remembers a change after reading it: far longer than a kept page lives
 * (PAGE_CACHE_MAX_AGE_MS) and than a page takes to read (PageCache keeps no page read slower than
 * that), so no kept page was read before a change it has forgotten.
 */
export const CHANGE_LOG_KEPT_MS = 3 * 60_000;

/**
 * This process's copy of the recent rows of page_changes (decision 035): which scopes changed, in
 * which transactions. A kept page asks `sync()` for every change committed before it asked, then
 * looks, in memory, for a change of one of its scopes that its snapshot does not see.
 *
 * Each round is one statement: the rows of transactions at or after the previous round's xmin (a
 * transaction below it had ended before that round, which saw its rows; the first round reads
 * from its own xmin), and the round's own snapshot. A row is so read by the first round whose
 * snapshot sees it, and a page read in a snapshot whose xmin is at least the first round's can be
 * judged: whatever it does not see and is committed has an xid at or above its xmin. One round is in flight at a
 * time; whoever asks meanwhile waits for the next, which starts when it ends and answers all of
 * them: under load a round serves many requests, and a page's probe no longer costs a statement,
 * nor more for more scopes.
 */
export class PageChangeLog {
  /** Where the rounds are read: the pool, or a connection of the log's own (`pageChangeLog`). */
  readonly #db: Database;
  readonly #now: () => number;
  /** The xmin of the first round: a page read in an older snapshot cannot be judged, and is read again. */
  #since: bigint | undefined;
  /** The xmin of the latest round: the next reads from it. */
  #from: bigint | undefined;
  /** By scope: the transactions that changed it, in xid order, and when this process read each. */
  readonly #changes = new Map<string, ScopeChanges>();
  #prunedAt = 0;
  #rounds = 0;
  #inFlight: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  readonly #ownsConnection: boolean;

  constructor(
    db: Database,
    { now = Date.now, ownsConnection = false }: { now?: () => number; ownsConnection?: boolean } = {},
  ) {
    this.#db = db;
    this.#now = now;
    this.#ownsConnection = ownsConnection;
  }

  /** Ends the connection of a log that has one of its own (`ownsConnection`). */
  async close(): Promise<void> {
    if (this.#ownsConnection) await this.#db.$client.end();
  }

  /** Resolves once a round that began after this call has ended: every change committed before the call is known. */
  sync(): Promise<void> {
    if (!this.#inFlight) return this.#start();
    this.#next ??= this.#inFlight.then(
      () => this.#afterInFlight(),
      () => this.#afterInFlight(),
    );
    return this.#next;
  }

  #afterInFlight(): Promise<void> {
    this.#next = undefined;
    // a round someone began since the last one ended began after whoever waited here asked
    return this.#inFlight ?? this.#start();
  }

  #start(): Promise<void> {
    const round = this.#round().finally(() => {
      if (this.#inFlight === round) this.#inFlight = undefined;
    });
    this.#inFlight = round;
    return round;
  }

  async #round(): Promise<void> {
    this.#rounds += 1;
    const from = this.#from;
    const query = preparedQuery(this.#db, 'page_changes_since', (name) =>
      this.#db
        .select({
          snapshot: sql<string>`now.snapshot`,
          scope: pageChanges.groupId,
          xid: sql<string | null>`${pageChanges.xid}::text`,
        })
        .from(sql`(select pg_current_snapshot()::text as snapshot) as now`)
        // the first round: from its own xmin (whatever is below it, every later snapshot sees)
        .leftJoin(
          pageChanges,
          sql`${pageChanges.xid} >= coalesce(${sql.placeholder('from')}::xid8, pg_snapshot_xmin(pg_current_snapshot()))`,
        )
        .prepare(name),
    );
    const rows = await query.execute({ from: from === undefined ? null : from.toString() });
    const first = rows[0];
    if (!first) throw new Error('page_changes_since gave no row');
    const snapshot = parseSnapshot(first.snapshot);
    const now = this.#now();
    for (const row of rows) {
      if (row.scope === null || row.xid === null) continue;
      let changes = this.#changes.get(row.scope);
      if (!changes) {
        changes = [];
        this.#changes.set(row.scope, changes);
      }
      addChange(changes, BigInt(row.xid), now);
    }
    this.#since ??= snapshot.xmin;
    this.#from = snapshot.xmin;
    if (now - this.#prunedAt > 10_000) this.#prune(now);
  }

  #prune(now: number): void {
    this.#prunedAt = now;
    for (const [scope, changes] of this.#changes) {
      const kept = changes.filter((change) => now - change.readAt <= CHANGE_LOG_KEPT_MS);
      if (kept.length === 0) this.#changes.delete(scope);
      else this.#changes.set(scope, kept);
    }
  }

  /**
   * Whether one of `scopes` was changed by a transaction `snapshot` does not see, as far as the
   * last round knows: call after `sync()`.
   */
  hasChanged(scopes: readonly string[], snapshot: Snapshot): boolean {
    if (this.#since === undefined || snapshot.xmin < this.#since) return true;
    for (const scope of scopes) {
      const changes = this.#changes.get(scope);
      if (!changes) continue;
      // newest first; a transaction below the snapshot's xmin had ended before it, which sees it
      for (let index = changes.length - 1; index >= 0; index -= 1) {
        const xid = (changes[index] as Change).xid;
        if (xid < snapshot.xmin) break;
        if (!isVisibleIn(snapshot, xid)) return true;
      }
    }
    return false;
  }

  /** How many rounds began (for tests and benchmarks). */
  get rounds(): number {
    return this.#rounds;
  }

  /** How many changes this process remembers (for tests). */
  get size(): number {
    let size = 0;
    for (const changes of this.#changes.values()) size += changes.length;
    return size;
  }
}

/**
 * The changes of one scope, ascending by xid, so a page's check looks only at the transactions at
 * or above its snapshot's xmin: a scope written a few times a second keeps hundreds of them for
 * three minutes, and every request for one of its pages asks.
 */
type ScopeChanges = Change[];

/** A transaction that changed a scope, and when this process read it. */
interface Change {
  xid: bigint;
  readAt: number;
}

/** Adds `xid`, read at `now`, in its place (transactions mostly come in xid order: at the end). */
function addChange(changes: ScopeChanges, xid: bigint, now: number): void {
  let index = changes.length;
  while (index > 0 && (changes[index - 1] as Change).xid > xid) index -= 1;
  if (index > 0 && (changes[index - 1] as Change).xid === xid) return;
  changes.splice(index, 0, { xid, readAt: now });
}

const logs = new WeakMap<Database, PageChangeLog>();

/**
 * The change log of `db` in this process (one for every cache of pages read from it). Its rounds
 * run on a connection of its own: every kept page waits for one, and on the pool a round would
 * queue behind the reads of the pages a write changed (a burst of them after each write to a busy
 * group), holding up the pages nothing changed.
 */
export function pageChangeLog(db: Database): PageChangeLog {
  let log = logs.get(db);
  if (!log) {
    log = new PageChangeLog(separatePool(db, 1), { ownsConnection: true });
    logs.set(db, log);
  }
  return log;
}

/** Ends the connection of `db`'s change log, if it was begun (when the app closes). */
export async function closePageChangeLog(db: Database): Promise<void> {
  const log = logs.get(db);
  logs.delete(db);
  await log?.close();
}
