import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cursorPart, decodeCursor as decodeParts, encodeCursor as encodeParts } from '../../lib/cursor.ts';

/**
 * Pages of the admin lists end at (createdAt, id). The time travels as PostgreSQL's own text
 * with microseconds: a JavaScript Date keeps milliseconds only, and rows of the same millisecond
 * would be skipped.
 */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return encodeParts([cursor.at, cursor.id]);
}

const ID_PARTS = { uuid: cursorPart.uuid, text: cursorPart.userId, bigint: cursorPart.bigintId } as const;

/** The position a cursor names; `idType` is the list's id column type, so the id is checked for it. */
export function decodeCursor(text: string, idType: keyof typeof ID_PARTS): Cursor {
  const [at, id] = decodeParts(text, [cursorPart.time, ID_PARTS[idType]]);
  return { at, id: id as string };
}

/** A timestamp column as UTC text with microseconds, for a cursor. */
export function cursorTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows older than the cursor in (createdAt desc, id desc) order; `idType` is the id column's type. */
export function olderThan(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: Cursor,
  idType: 'uuid' | 'text' | 'bigint',
): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::${sql.raw(idType)})`;
}

/** The page and the cursor of the next one from `limit + 1` rows. */
export function pageOf<Row extends { cursorAt: string; id: string | number }>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: String(last.id) }) : null,
  };
}

/** Escapes % _ and \ so a search for them finds them literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
