import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '#shared/schemas/admin-console.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Pages of the admin lists end at (createdAt, id). The time travels as PostgreSQL's own text
 * with microseconds: a JavaScript Date keeps milliseconds only, and rows of the same millisecond
 * would be skipped.
 */
export interface Cursor {
  at: string;
  id: string;
}

const CursorSchema = z.tuple([z.string().max(40), z.string().min(1).max(100)]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (Number.isNaN(Date.parse(at))) throw new Error('not a time');
    return { at, id };
  } catch {
    throw badRequest(ADMIN_MESSAGES.badCursor);
  }
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
