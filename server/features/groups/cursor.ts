import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { AppError } from '../../lib/errors.ts';

// Times keep PostgreSQL's microseconds: a JS Date would round them to the millisecond and
// skip or repeat rows made in the same millisecond.
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

const KEYS = {
  time: z.string().regex(TIME),
  count: z.number().int().min(0),
};
const IDS = {
  uuid: z.string().regex(UUID),
  userId: z.string().regex(USER_ID),
};

/** A keyset position: the sort key of the last row of a page and that row's id. */
export interface Cursor<K extends keyof typeof KEYS> {
  key: K extends 'time' ? string : number;
  id: string;
}

/** The opaque cursor of a position (base64url of a JSON pair). */
export function encodeCursor(key: string | number, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

/**
 * The position a cursor names, checked for its list's kind of key and id, so it can go into
 * SQL as a typed value; anything else is a 400 the client answers by starting over.
 */
export function decodeCursor<K extends keyof typeof KEYS>(
  cursor: string,
  shape: { key: K; id: keyof typeof IDS },
): Cursor<K> {
  try {
    const [key, id] = z
      .tuple([KEYS[shape.key], IDS[shape.id]])
      .parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { key: key as Cursor<K>['key'], id };
  } catch {
    throw new AppError(400, 'invalid_cursor', GROUP_MESSAGES.invalidCursor);
  }
}

/** A timestamp column or expression as a cursor time (UTC, to the microsecond). */
export function cursorTime(expression: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Whether a value can be a group id at all (anything else is answered 'Group not found'). */
export function isGroupId(value: string): boolean {
  return UUID.test(value);
}
