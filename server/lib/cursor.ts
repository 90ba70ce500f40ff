import { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * The one codec of the keyset cursors every list hands out as `nextCursor` and takes back as
 * `cursor`: base64url of a JSON array of the last row's sort keys. A cursor comes back from the
 * client, so anybody can forge one: each part is checked for exactly what PostgreSQL will accept
 * in its place (a real time within PostgreSQL's range, a uuid, an integer that fits the column),
 * so a forged cursor is a 400 a person can read and never a database error.
 */

/** What a person reads when a page link is forged, damaged or from an older version. */
export const INVALID_CURSOR_MESSAGE = 'This page link is not valid any more. Start again from the first page.';

/** Largest PostgreSQL `integer`: counters and offsets beyond it can't be a real position. */
export const MAX_INT32 = 2_147_483_647;

// Times keep PostgreSQL's microseconds: a JS Date would round them to the millisecond and
// skip or repeat rows made in the same millisecond.
const TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.\d{3}(?:\d{3})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const BIGINT_ID = /^[1-9]\d{0,17}$/;

/**
 * Whether `text` (the shape of `cursorTime`'s SQL, or of `Date#toISOString`) names a real UTC
 * instant between 1970 and 9999.
 */
export function isCursorTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1970) return false;
  // Date.UTC rolls 31 February over into March: a round trip catches every impossible field.
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** The kinds of parts a cursor is made of. */
export const cursorPart = {
  /** A timestamp as `cursorTime` writes it (UTC, microseconds) or as `toISOString` does (milliseconds). */
  time: z.string().refine(isCursorTime),
  /** A count or offset that fits a PostgreSQL integer. */
  count: z.number().int().min(0).max(MAX_INT32),
  uuid: z.string().regex(UUID),
  /** better-auth's user ids (text). */
  userId: z.string().regex(USER_ID),
  /** A bigserial id, as a string (JSON numbers lose precision past 2^53). */
  bigintId: z.string().regex(BIGINT_ID),
} as const;

type Parts = [z.ZodType, ...z.ZodType[]];
type Decoded<T extends Parts> = { [K in keyof T]: z.infer<T[K]> };

/** The opaque cursor of a position: its parts, in order. */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The 400 of a cursor that is not one of ours. */
export function invalidCursor(message: string = INVALID_CURSOR_MESSAGE): AppError {
  return new AppError(400, 'invalid_cursor', message);
}

/**
 * The parts a cursor names, each checked against `parts` (see `cursorPart`); anything else is
 * the 400 of `invalidCursor`, which the client answers by starting the list over.
 */
export function decodeCursor<T extends Parts>(cursor: string, parts: T): Decoded<T> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = z.tuple(parts).safeParse(value);
  if (!result.success) throw invalidCursor();
  return result.data as Decoded<T>;
}
