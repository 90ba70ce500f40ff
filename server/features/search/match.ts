import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SearchText } from './search-text.ts';

/** One SQL expression per column: `(a or b …)`; null when there is none. */
export function anyOf(parts: (SQL | null | false)[]): SQL | null {
  const kept = parts.filter((part): part is SQL => part instanceof Object);
  if (kept.length === 0) return null;
  return sql`(${sql.join(kept, sql` or `)})`;
}

/**
 * Every typo-tolerant word of the text in `column` (each as itself or with two neighbouring
 * letters swapped), in any order; null when the text has no such word. Each word is one
 * regular expression of its spellings, which a pg_trgm index on `column` answers.
 */
export function allWordsIn(column: SQL, text: SearchText): SQL | null {
  if (text.typoWords.length === 0) return null;
  const words = text.typoWords.map((pattern) => sql`${column} ~* ${pattern}`);
  return sql`(${sql.join(words, sql` and `)})`;
}

/**
 * The longest typo-tolerant word of the text in `column`, for finding candidates (ranking then
 * asks for all of them): one short regular expression keeps the index scan cheap.
 */
export function longestWordIn(column: SQL, text: SearchText): SQL | null {
  const longest = text.typoWords.reduce<string | null>(
    (best, pattern) => (best === null || pattern.length > best.length ? pattern : best),
    null,
  );
  return longest === null ? null : sql`${column} ~* ${longest}`;
}

/** 1 when some typo-tolerant reading of the text is in `column`, else 0 (for ranking). */
export function allWordsScore(column: SQL, text: SearchText): SQL {
  const match = allWordsIn(column, text);
  return match ? sql`(case when ${match} then 1 else 0 end)` : sql`0`;
}

/** The full-text query of the text ('simple' configuration: no stemming, no stop words). */
export function tsQuery(text: SearchText): SQL {
  return sql`plainto_tsquery('simple', ${text.text})`;
}

/**
 * `id = any(array((select id from table where arm order by popularity limit n) union …))`:
 * the rows whose id matches any arm, at most `limit` of each arm, most popular first. Each arm
 * is planned on its own, so it reads the index that answers it (or walks the popularity index
 * when most rows match); as one `or`, PostgreSQL weighs several trigram index scans against one
 * pass over the table and, underrating what pg_trgm costs per row, picks the pass. The ids come
 * as an array, so the rows are then read by primary key rather than joined against a pass over
 * the table. The limit bounds the ranking work of a text that matches thousands of rows ("john").
 */
export function idMatchesAny(
  id: AnyColumn,
  table: PgTable,
  arms: SQL[],
  { popularity, limit }: { popularity: SQL; limit: number },
): SQL {
  if (arms.length === 0) return sql`false`;
  return sql`${id} = any(array(${sql.join(
    arms.map((arm) => sql`(select ${id} from ${table} where ${arm} order by ${popularity} limit ${limit})`),
    sql` union `,
  )}))`;
}
