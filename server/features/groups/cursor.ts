import { sql, type SQL } from 'drizzle-orm';
import { cursorPart, decodeCursor as decodeParts, encodeCursor as encodeParts } from '../../lib/cursor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const KEYS = { time: cursorPart.time, count: cursorPart.count };
const IDS = { uuid: cursorPart.uuid, userId: cursorPart.userId };

/** A keyset position: the sort key of the last row of a page and that row's id. */
export interface Cursor<K extends keyof typeof KEYS> {
  key: K extends 'time' ? string : number;
  id: string;
}

/** The opaque cursor of a position (base64url of a JSON pair; see server/lib/cursor.ts). */
export function encodeCursor(key: string | number, id: string): string {
  return encodeParts([key, id]);
}

/**
 * The position a cursor names, checked for its list's kind of key and id, so it can go into
 * SQL as a typed value; anything else is a 400 the client answers by starting over.
 */
export function decodeCursor<K extends keyof typeof KEYS>(
  cursor: string,
  shape: { key: K; id: keyof typeof IDS },
): Cursor<K> {
  const [key, id] = decodeParts(cursor, [KEYS[shape.key], IDS[shape.id]]);
  return { key: key as Cursor<K>['key'], id: id as string };
}

/** A timestamp column or expression as a cursor time (UTC, to the microsecond). */
export function cursorTime(expression: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Whether a value can be a group id at all (anything else is answered 'Group not found'). */
export function isGroupId(value: string): boolean {
  return UUID.test(value);
}
