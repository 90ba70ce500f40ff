import type { SearchResponse, SuggestionsResponse } from '#shared/schemas/search.ts';
import type { Database } from '../../db/client.ts';

/**
 * Recent answers of search, kept per process (decision 022). Ranking a typo-tolerant search
 * costs PostgreSQL 10 to 80 ms, and people type the same few letters again and again ("joh",
 * "mar"). An answer is served again only while nothing it depends on has changed: migration
 * 0015 bumps a change counter (a sequence) for people, groups and content at every statement
 * that inserts, deletes or changes what search finds, ranks or shows, and a cached answer is
 * used only while the counters it depends on are where they were before it was ranked. The same
 * one statement (primary-key lookups) checks that every row it names is still there and may be
 * seen (an account not disabled, a question neither hidden nor pending). An answer is kept at
 * most SEARCH_CACHE_TTL_MS: a write that had bumped a counter but not yet committed when the
 * answer was ranked can leave it behind by at most that long.
 */
export const SEARCH_CACHE_TTL_MS = 30_000;
/** Answers kept at most (the least recently used go first). */
export const SEARCH_CACHE_MAX_ENTRIES = 2_000;

/** The rows an answer names, by what each must still be to be shown. */
export interface NamedRows {
  /** Accounts shown as results: they must exist and not be disabled. */
  people: string[];
  /** Accounts shown beside a result (a group's host): they must exist. */
  accounts: string[];
  groups: string[];
  /** Questions: they must exist, be neither pending nor hidden. */
  questions: string[];
  posts: string[];
}

/** The change counters (migration 0015). */
interface Versions {
  people: number;
  groups: number;
  content: number;
}
export type ChangeKind = keyof Versions;

interface Entry {
  value: unknown;
  /** The change counters before it was ranked. */
  versions: Versions;
  rows: NamedRows;
  /** How many distinct rows `rows` names. */
  count: number;
  expires: number;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The rows a suggestions answer names. */
export function suggestionRows(answer: SuggestionsResponse): NamedRows {
  const of = (type: string) => answer.suggestions.filter((item) => item.type === type).map((item) => item.id);
  return { people: of('user'), accounts: [], groups: of('group'), questions: of('question'), posts: [] };
}

/** The rows a page of /search names. */
export function searchRows(answer: SearchResponse): NamedRows {
  const rows: NamedRows = { people: [], accounts: [], groups: [], questions: [], posts: [] };
  switch (answer.type) {
    case 'people':
      rows.people = answer.results.map((result) => result.id);
      break;
    case 'groups':
      rows.groups = answer.results.map((result) => result.id);
      rows.accounts = answer.results.map((result) => result.host.id);
      break;
    case 'questions':
      rows.questions = answer.results.map((result) => result.id);
      break;
    case 'posts':
      rows.posts = answer.results.map((result) => result.id);
      break;
  }
  return rows;
}

const EMPTY: NamedRows = { people: [], accounts: [], groups: [], questions: [], posts: [] };

/**
 * The change counters, and how many of the rows are still there and may be seen: one statement
 * (prepared on each connection), every lookup by primary key.
 */
async function check(db: Database, rows: NamedRows): Promise<{ versions: Versions; visible: number }> {
  const counter = (name: string) => `(select case when is_called then last_value else 0 end from ${name})`;
  const result = await db.$client.query<{ people: number; groups: number; content: number; visible: number }>({
    name: 'search_cache_check',
    text: `select ${counter('search_people_changes')} as people, ${counter('search_groups_changes')} as groups,
                  ${counter('search_content_changes')} as content,
                  (select count(*) from users where id = any($1::text[]) and disabled_at is null)
                + (select count(*) from users where id = any($2::text[]))
                + (select count(*) from groups where id = any($3::uuid[]))
                + (select count(*) from questions
                    where id = any($4::uuid[]) and status <> 'pending' and not is_hidden and merged_into_id is null)
                + (select count(*) from posts where id = any($5::uuid[])) as visible`,
    values: [rows.people, rows.accounts, rows.groups, rows.questions, rows.posts],
  });
  const row = result.rows[0];
  return {
    versions: { people: Number(row?.people), groups: Number(row?.groups), content: Number(row?.content) },
    visible: Number(row?.visible ?? 0),
  };
}

/** The counters an answer of each kind depends on (what it finds, ranks or shows). */
export const DEPENDS_ON = {
  suggestions: ['people', 'groups', 'content'],
  people: ['people'],
  groups: ['groups', 'people'],
  questions: ['content', 'groups', 'people'],
  posts: ['content', 'groups', 'people'],
} as const satisfies Record<string, readonly ChangeKind[]>;

/** A bounded, short-lived map of answers by the request that asked for them. */
export class SearchCache {
  readonly #entries = new Map<string, Entry>();
  /** Rankings under way, by key: requests for the same text meanwhile wait for it. */
  readonly #ranking = new Map<string, Promise<unknown>>();
  readonly #ttl: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttl = options.ttlMs ?? SEARCH_CACHE_TTL_MS;
    this.#max = options.maxEntries ?? SEARCH_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The answer of `key`: the cached one while it is fresh, the counters in `dependsOn` have not
   * moved and every row it names may still be seen; else `compute()`'s (kept for the next ones).
   * While one request ranks a text, the others asking for it wait and then check its answer as
   * any cached one (a burst of the same keystrokes ranks once).
   */
  async answer<T>(
    db: Database,
    key: string,
    dependsOn: readonly ChangeKind[],
    compute: () => Promise<T>,
    rowsOf: (value: T) => NamedRows,
    waited = false,
  ): Promise<T> {
    const entry = this.#entries.get(key);
    let known: Versions | undefined;
    if (entry !== undefined && entry.expires > this.#now()) {
      const now = await check(db, entry.rows);
      if (now.visible === entry.count && dependsOn.every((kind) => now.versions[kind] === entry.versions[kind])) {
        // most recently used last
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return entry.value as T;
      }
      known = now.versions;
    }
    const under = this.#ranking.get(key);
    if (under !== undefined && !waited) {
      // its failure is the ranker's; this request then ranks on its own
      await under.catch(() => undefined);
      return this.answer(db, key, dependsOn, compute, rowsOf, true);
    }
    this.#entries.delete(key);
    // The counters are read before ranking: a change after that moves them, and the answer is
    // not used again. The ranking is registered before any wait, so a burst ranks once.
    const ranking = (async () => {
      const versions = known ?? (await check(db, EMPTY)).versions;
      return { versions, value: await compute() };
    })();
    this.#ranking.set(key, ranking);
    let versions: Versions;
    let value: T;
    try {
      ({ versions, value } = await ranking);
    } finally {
      if (this.#ranking.get(key) === ranking) this.#ranking.delete(key);
    }
    const named = rowsOf(value);
    const rows: NamedRows = {
      people: unique(named.people),
      accounts: unique(named.accounts),
      groups: unique(named.groups),
      questions: unique(named.questions),
      posts: unique(named.posts),
    };
    const count = Object.values(rows).reduce((sum, ids: string[]) => sum + ids.length, 0);
    this.#entries.set(key, { value, versions, rows, count, expires: this.#now() + this.#ttl });
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
    return value;
  }
}
