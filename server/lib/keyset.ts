import { sql, type SQL } from 'drizzle-orm';
import { cursorPart, decodeCursor, encodeCursor } from './cursor.ts';

const KEYS = { time: cursorPart.time, count: cursorPart.count };
const IDS = { uuid: cursorPart.uuid, userId: cursorPart.userId };

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
  shape: { key: K; id: keyof typeof IDS },
): KeysetPosition<K> {
  const [key, id] = decodeCursor(cursor, [KEYS[shape.key], IDS[shape.id]]);
  return { key: key as KeysetPosition<K>['key'], id: id as string };
}

/** A timestamp column or expression as a cursor time (UTC, to the microsecond). */
export function cursorTime(expression: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
