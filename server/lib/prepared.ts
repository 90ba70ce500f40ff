import type { Database } from '../db/client.ts';
import { useCompiledRowMapper } from './row-mapper.ts';

const byDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A Drizzle prepared query for `db`, built the first time `name` is asked for and kept: the SQL
 * text is written once per process instead of at every request, and each pooled connection
 * parses and plans it once. `build` makes the query with `sql.placeholder(…)` for every value
 * that changes between requests and calls `.prepare(name)`; a query whose shape changes (a view,
 * a sort, a cursor or not) is one name per shape. Prepared queries run on the pool, never inside
 * a transaction: code that may run in one uses the query builder as it is. Its rows are mapped by
 * a mapper compiled once from its selected fields (see `row-mapper.ts`).
 */
export function preparedQuery<T>(db: Database, name: string, build: (name: string) => T): T {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
  }
  let query = cache.get(name) as T | undefined;
  if (query === undefined) {
    query = build(name);
    useCompiledRowMapper(query);
    cache.set(name, query);
  }
  return query;
}
