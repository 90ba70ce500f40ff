import type pg from 'pg';
import { plural, type CheckResult } from './doctor-report.ts';

/**
 * A denormalized counter: a column that the write which adds or removes the counted rows moves
 * by ±1 in the same transaction (server/features: set-like, set-group-like, set-subscription,
 * add-member, remove-member, delete-group, follow, create-comment, delete-comment). Nothing but
 * those writes changes them, and no trigger does, so a difference is drift (a bulk load, a
 * hand-made change, a bug) that the doctor can find and repair.
 */
export interface CounterDefinition {
  /** `posts.like_count` */
  name: string;
  table: 'users' | 'groups' | 'posts' | 'comments' | 'questions' | 'answers';
  column: string;
  /** Type of the table's `id`, for the id list a repair passes. */
  idType: 'text' | 'uuid';
  /** What it counts, for people: "likes", "followers". */
  counts: string;
  /** One row a person recognizes: "post", "person". */
  rowName: string;
  /** How a row is named to people (`p` is the row); its id by default. */
  label?: string;
  /** `select key, count(*) as n … group by key`: the real counts of every parent that has rows. */
  countsSql: string;
  /** The parent's value that `countsSql`'s `key` equals (`p` is the parent). */
  parentKey: string;
  /** The real count of the one parent `p`, correlated (used by a repair, on the locked rows). */
  countOfParent: string;
}

/** The rows a counter counts: how to count them for every parent, and for one. */
type CountedRows = Pick<CounterDefinition, 'countsSql' | 'parentKey' | 'countOfParent'>;

/** Rows of `table` (`alias` in the correlated count) whose `key` column holds the parent's id. */
const rowsOf = (table: string, alias: string, key: string): CountedRows => ({
  countsSql: `select ${key} as key, count(*) as n from ${table} group by ${key}`,
  parentKey: 'p.id',
  countOfParent: `(select count(*) from ${table} ${alias} where ${alias}.${key} = p.id)`,
});

/** Likes of the parents of `type` (a like names its target as text, hence `p.id::text`). */
const likes = (type: string): CountedRows => ({
  countsSql: `select target_id as key, count(*) as n from likes where target_type = '${type}' group by target_id`,
  parentKey: 'p.id::text',
  countOfParent: `(select count(*) from likes l where l.target_type = '${type}' and l.target_id = p.id::text)`,
});

/** Comments and replies under the parents of `type`. */
const comments = (type: string): CountedRows => ({
  // replies carry the same parent as the comment they answer: the counter counts them too
  countsSql: `select parent_id as key, count(*) as n from comments where parent_type = '${type}' group by parent_id`,
  parentKey: 'p.id',
  countOfParent: `(select count(*) from comments c where c.parent_type = '${type}' and c.parent_id = p.id)`,
});

/** What the counters of one table share: its id's type, what a row is to people, how one is named. */
const TABLES: Record<CounterDefinition['table'], Pick<CounterDefinition, 'idType' | 'rowName' | 'label'>> = {
  users: { idType: 'text', rowName: 'person', label: `'@' || p.username` },
  groups: { idType: 'uuid', rowName: 'group' },
  posts: { idType: 'uuid', rowName: 'post' },
  comments: { idType: 'uuid', rowName: 'comment' },
  questions: { idType: 'uuid', rowName: 'question' },
  answers: { idType: 'uuid', rowName: 'answer' },
};

/** The counter `table.column`, counting `counts` (for people) as `rows` says. */
function counter(
  table: CounterDefinition['table'],
  column: string,
  counts: string,
  rows: CountedRows,
): CounterDefinition {
  return { name: `${table}.${column}`, table, column, counts, ...TABLES[table], ...rows };
}

/** Every counter column of server/db/schema and the rows it counts. */
export const COUNTERS: readonly CounterDefinition[] = [
  counter('users', 'followers', 'follows of the person', rowsOf('follows', 'f', 'followed_id')),
  counter('users', 'following', 'follows by the person', rowsOf('follows', 'f', 'follower_id')),
  counter('users', 'subscribing', 'subscriptions of the person', rowsOf('group_subscriptions', 's', 'user_id')),
  counter('groups', 'subscriber_count', 'subscriptions', rowsOf('group_subscriptions', 's', 'group_id')),
  counter('groups', 'member_count', 'members', rowsOf('group_members', 'm', 'group_id')),
  counter('groups', 'like_count', 'likes', likes('group')),
  counter('posts', 'like_count', 'likes', likes('post')),
  counter('posts', 'comment_count', 'comments and replies', comments('post')),
  counter('comments', 'like_count', 'likes', likes('comment')),
  counter('questions', 'like_count', 'votes', likes('question')),
  counter('questions', 'comment_count', 'comments and replies', comments('question')),
  counter('answers', 'like_count', 'likes', likes('answer')),
];

/** How many examples a line names. */
const EXAMPLES = 3;

/** One parent whose counter differs from its rows. */
export interface CounterDrift {
  id: string;
  /** `@username` for people, the id otherwise. */
  label: string;
  stored: number;
  real: number;
}

/** What the check of one counter found. */
export interface CounterFinding {
  counter: CounterDefinition;
  /** Rows whose counter differs from COUNT(*). */
  total: number;
  examples: CounterDrift[];
}

function labelOf(counter: CounterDefinition): string {
  return counter.label ?? 'p.id::text';
}

/** The rows of `counter`'s table whose counter differs from the real count (`p` is the row). */
function driftedRowsSql(counter: CounterDefinition): string {
  return `from "${counter.table}" p left join (${counter.countsSql}) c on c.key = ${counter.parentKey}
    where p."${counter.column}" <> coalesce(c.n, 0)`;
}

/**
 * The check of one counter: one statement that counts the rows whose counter differs from the
 * real COUNT(*) and names the first few. Counter and rows are read in one snapshot, and every
 * write moves both in one transaction, so a write in flight never shows as a difference.
 */
export async function checkCounter(client: pg.ClientBase, counter: CounterDefinition): Promise<CounterFinding> {
  const { rows } = await client.query<{ id: string; label: string; stored: number; real: string; total: string }>(
    `select p.id::text as id, ${labelOf(counter)} as label, p."${counter.column}" as stored, coalesce(c.n, 0) as real, count(*) over () as total
     ${driftedRowsSql(counter)}
     order by p.id limit ${EXAMPLES}`,
  );
  return {
    counter,
    total: Number(rows[0]?.total ?? 0),
    examples: rows.map((row) => ({ id: row.id, label: row.label, stored: Number(row.stored), real: Number(row.real) })),
  };
}

function describeDrift(counter: CounterDefinition, drift: CounterDrift): string {
  return `${counter.rowName} ${drift.label} holds ${drift.stored}, has ${drift.real}`;
}

/** The report lines of the counter checks: one per counter that differs, one for all the others. */
export function counterResults(findings: CounterFinding[]): CheckResult[] {
  const results: CheckResult[] = [];
  for (const finding of findings) {
    if (finding.total === 0) continue;
    const { counter } = finding;
    const more = finding.total > finding.examples.length ? ', …' : '';
    results.push({
      status: 'problem',
      check: 'counters',
      message:
        `${counter.name} differs from the real count of ${counter.counts} on ${plural(finding.total, 'row')} ` +
        `(${finding.examples.map((drift) => describeDrift(counter, drift)).join('; ')}${more}).`,
      fix: 'Run `npm run doctor -- --repair` to set it to the real count.',
    });
  }
  const correct = findings.filter((finding) => finding.total === 0).length;
  if (correct > 0) {
    results.push({
      status: 'ok',
      check: 'counters',
      message:
        correct === findings.length
          ? `All ${findings.length} counters (likes, comments, votes, followers, subscriptions, members) equal their rows.`
          : `The other ${plural(correct, 'counter')} equal their rows.`,
    });
  }
  return results;
}

/** What a repair of one counter changed. */
export interface CounterRepair {
  counter: CounterDefinition;
  fixed: CounterDrift[];
  /** Rows still differing because writes held them through every pass (run the repair again). */
  busy: number;
}

/** Passes over the rows that were busy; a pass after a busy one waits a little first. */
const REPAIR_PASSES = 20;
/**
 * After this many passes that skipped locked rows, a pass waits for the lock of one busy row
 * instead: a row that writes keep locked nearly all the time (a post liked and unliked without
 * pause) is otherwise locked at every pass's instant, and never repaired.
 */
const SKIPPING_PASSES = 10;

/**
 * Sets one counter to the real count on every row where it differs, while the site keeps
 * writing, in one transaction (READ COMMITTED) of two statements:
 *
 * 1. the differing rows are locked FOR NO KEY UPDATE, the lock every counter update takes, so
 *    no write that has moved the counter is still uncommitted on a locked row;
 * 2. a second statement, so with a snapshot taken after the locks, sets each locked row's
 *    counter to its real count. That count sees every write that moved the counter; a write
 *    that added or removed its row but has not moved the counter yet waits for our lock, and
 *    moves the corrected counter by its ±1 when it commits (or rolls back both).
 *
 * Rows locked by a write at that moment are skipped (SKIP LOCKED), not waited for, in the first
 * SKIPPING_PASSES passes, and later passes wait for one row at a time, holding no other lock: the
 * repair never waits while it holds a lock, so it cannot deadlock with the site's writes whatever
 * order they lock rows in. The rows skipped are taken by a further pass (a new transaction),
 * until none differs; after REPAIR_PASSES they are reported as busy. Likes' FOR KEY SHARE and
 * readers are never blocked; writes that move a locked counter wait for one short transaction.
 */
export async function repairCounter(client: pg.ClientBase, counter: CounterDefinition): Promise<CounterRepair> {
  const fixed = new Map<string, CounterDrift>();
  let busy = 0;
  for (let pass = 1; pass <= REPAIR_PASSES; pass++) {
    for (const drift of await repairPass(client, counter, pass > SKIPPING_PASSES)) {
      const earlier = fixed.get(drift.id);
      fixed.set(drift.id, earlier ? { ...drift, stored: earlier.stored } : drift);
    }
    busy = (await checkCounter(client, counter)).total;
    if (busy === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * Math.min(pass, 5)));
  }
  return { counter, fixed: [...fixed.values()].sort((a, b) => (a.id < b.id ? -1 : 1)), busy };
}

/**
 * One transaction of `repairCounter`: the differing rows free now, locked, then set. With
 * `waitForOne`, one differing row only, waiting for its lock (at most 2 s): holding no other lock
 * while it waits, it cannot deadlock with the site's writes; a timeout leaves the row for the next
 * pass.
 */
async function repairPass(
  client: pg.ClientBase,
  counter: CounterDefinition,
  waitForOne = false,
): Promise<CounterDrift[]> {
  await client.query('begin isolation level read committed');
  try {
    // skipping passes wait for no lock (SKIP LOCKED, our own rows): a safety net all the same
    await client.query(`set local lock_timeout = '${waitForOne ? '2s' : '5s'}'`);
    const { rows: locked } = await client.query<{ id: string; label: string; stored: number }>(
      `select p.id::text as id, ${labelOf(counter)} as label, p."${counter.column}" as stored
       from "${counter.table}" p
       where p.id in (select p.id ${driftedRowsSql(counter)}${waitForOne ? ' limit 1' : ''})
       order by p.id
       for no key update of p${waitForOne ? '' : ' skip locked'}`,
    );
    if (locked.length === 0) {
      await client.query('commit');
      return [];
    }
    const before = new Map(locked.map((row) => [row.id, { label: row.label, stored: Number(row.stored) }]));
    const { rows: updated } = await client.query<{ id: string; real: number }>(
      `update "${counter.table}" p set "${counter.column}" = ${counter.countOfParent}
       where p.id = any($1::${counter.idType}[]) and p."${counter.column}" <> ${counter.countOfParent}
       returning p.id::text as id, p."${counter.column}" as real`,
      [[...before.keys()]],
    );
    await client.query('commit');
    return updated.map((row) => ({
      id: row.id,
      label: before.get(row.id)?.label ?? row.id,
      stored: before.get(row.id)?.stored ?? 0,
      real: Number(row.real),
    }));
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // a waiting pass that timed out (55P03) or was chosen to break a deadlock (40P01) repaired nothing
    const code = (error as { code?: string }).code;
    if (waitForOne && (code === '55P03' || code === '40P01')) return [];
    throw error;
  }
}

/** The plan's line for one counter. */
export function describeCounterPlan(finding: CounterFinding): string {
  return `set ${finding.counter.name} to the real count of ${finding.counter.counts} on ${plural(finding.total, 'row')}`;
}

/** The line of what a repair did. */
export function describeCounterRepair(repair: CounterRepair): string {
  const { counter, fixed } = repair;
  const busy =
    repair.busy > 0
      ? ` NOT repaired: ${plural(repair.busy, 'row')} that writes kept busy the whole time; run the repair again.`
      : '';
  if (fixed.length === 0) return `${counter.name}:${busy || ' nothing changed (the rows were already right).'}`;
  const shown = fixed
    .slice(0, EXAMPLES)
    .map((drift) => `${counter.rowName} ${drift.label} ${drift.stored} → ${drift.real}`);
  const more = fixed.length > EXAMPLES ? `, and ${fixed.length - EXAMPLES} more` : '';
  return `${counter.name}: set to the real count on ${plural(fixed.length, 'row')} (${shown.join('; ')}${more}).${busy}`;
}
