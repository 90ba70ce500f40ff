import { sql, type SQL } from 'drizzle-orm';
import { cursorPart, decodeCursor, encodeCursor } from './cursor.ts';

const KEYS = { time: cursorPart.time, count: cursorPart.count };
const IDS = { uuid: cursorPart.uuid, userId: cursorPart.userId, bigint: cursorPart.bigintId };

/** The kind of id a list pages by: a UUID, a better-auth user id (text) or a bigint. */
export type KeysetId = keyof typeof IDS;

/** A keyset position: the sort key of the last row of a page and that row's id. */
export interface KeysetPosition<K extends keyof typeof KEYS> {
  key: K extends 'time' ? string : number;
  id: string;
}

/** The opaque cursor of a position (base64url of a JSON pair; see server/lib/cursor.ts). */
export function encodeKeyset(key: string | number, id: string): string {
  return encodeCursor([key, id]);
}

/**
 * The position a cursor names, checked for its list's kind of key and id, so it can go into
 * SQL as a typed value; anything else is a 400 the client answers by starting over.
 */
export function decodeKeyset<K extends keyof typeof KEYS>(
  cursor: string,
  shape: { key: K; id: KeysetId },
): KeysetPosition<K> {
  const [key, id] = decodeCursor(cursor, [KEYS[shape.key], IDS[shape.id]]);
  return { key: key as KeysetPosition<K>['key'], id: id as string };
}

/**
 * A timestamp column or expression as a cursor time: PostgreSQL's own UTC text with
 * microseconds. A JavaScript Date keeps milliseconds only, and rows of the same millisecond
 * would be skipped.
 */
export function cursorTime(expression: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const ID_SQL_TYPES: Record<KeysetId, string> = { uuid: 'uuid', userId: 'text', bigint: 'bigint' };

/**
 * Rows after the cursor's position in (createdAt desc, id desc) order, the order of the
 * newest-first lists whose cursors `newestFirstPage` makes; `idKind` is the id column's kind.
 */
export function olderThan(createdAt: { getSQL(): SQL }, id: { getSQL(): SQL }, cursor: string, idKind: KeysetId): SQL {
  const position = decodeKeyset(cursor, { key: 'time', id: idKind });
  return sql`(${createdAt}, ${id}) < (${position.key}::timestamptz, ${position.id}::${sql.raw(ID_SQL_TYPES[idKind])})`;
}

/** The page and the cursor of the next one from `limit + 1` rows selected with a `cursorAt` (cursorTime). */
export function newestFirstPage<Row extends { cursorAt: string; id: string | number }>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorAt, String(last.id)) : null,
  };
}
