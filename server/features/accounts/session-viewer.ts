import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { SessionCache } from './session-cache.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';

/**
 * The value of cookie `name` in a Cookie header, read as better-auth reads its own (better-call's
 * parser): the first pair of that name wins, surrounding whitespace and double quotes go, and a
 * value with `%` is percent-decoded (kept as it is when that fails).
 */
export function readCookie(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const equals = header.indexOf('=', index);
    if (equals === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < equals) {
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    if (header.slice(index, equals).trim() === name) {
      let value = header.slice(equals + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/** The token part of a signed value `token.signature`. */
const tokenOf = (value: string) => value.slice(0, value.lastIndexOf('.'));

/**
 * The token of a signed cookie value `token.signature` when the signature is the base64
 * HMAC-SHA256 of the token under `secret`, as better-auth signs its session cookie; else null.
 */
export function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const token = tokenOf(value);
  const expected = createHmac('sha256', secret).update(token).digest();
  return timingSafeEqual(Buffer.from(signature, 'base64'), expected) ? token : null;
}

/**
 * Whether better-auth itself must read this session: it deletes an expired one, and extends
 * one whose last extension is a day old (`updateAge`), which writes.
 */
export function sessionNeedsBetterAuth(expiresAt: Date, now = Date.now()): boolean {
  const extendedAt = expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000;
  return expiresAt.getTime() <= now || extendedAt + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
}

export type SessionLookup =
  | { kind: 'none' }
  | { kind: 'viewer'; viewer: Viewer; token: string }
  | { kind: 'disabled' }
  /** Expired or due for its daily extension: better-auth's getSession deals with it. */
  | { kind: 'better-auth' };

type SessionRow = { token: string; userId: string; expiresAt: Date; disabledAt: Date | null };

/**
 * Looks sessions up by token, one statement for all the lookups asked for in the same turn of
 * the event loop: requests that arrive together (a burst, or a busy page's parallel reads) share
 * one round trip, and each still reads the database at its own time.
 */
export function createSessionBatcher(query: (tokens: string[]) => Promise<SessionRow[]>) {
  let waiting: { token: string; resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void }[] =
    [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    query([...new Set(batch.map((item) => item.token))]).then(
      (rows) => {
        const byToken = new Map(rows.map((row) => [row.token, row]));
        for (const item of batch) item.resolve(byToken.get(item.token));
      },
      (error: unknown) => {
        for (const item of batch) item.reject(error);
      },
    );
  };
  return (token: string) =>
    new Promise<SessionRow | undefined>((resolve, reject) => {
      // after the I/O callbacks of this turn: the requests read in it have all asked by then
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ token, resolve, reject });
    });
}

/**
 * The viewer of a request's session cookie: the signature is checked here, with the same secret
 * and rule as better-auth; the session is read from the database (the requests of one turn in
 * one prepared statement) unless `cache` read it within its time limit, and whatever ends a
 * session forgets it there at once on every process (see SessionCache); better-auth is asked
 * only for the sessions it would write to.
 */
export function createSessionReader(options: {
  db: Database;
  /** The session cookie's name and signing secret. */
  cookie: () => Promise<{ name: string; secret: string }>;
  cache?: SessionCache;
}) {
  const { cache } = options;
  const lookup = options.db
    .select({
      token: sessions.token,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      disabledAt: users.disabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare('townhall_session_viewers');
  const findSession = createSessionBatcher((tokens) => lookup.execute({ tokens }));
  let cookie: { name: string; secret: string } | undefined;

  return async function readSession(cookieHeader: string): Promise<SessionLookup> {
    cookie ??= await options.cookie();
    const value = readCookie(cookieHeader, cookie.name);
    if (value === null) return { kind: 'none' };
    // The cache is keyed by the signed value, which was verified before it was remembered: the
    // same string needs no second HMAC.
    const cached = cache?.find(value);
    if (cached && !sessionNeedsBetterAuth(cached.expiresAt)) {
      return { kind: 'viewer', viewer: cached.viewer, token: tokenOf(value) };
    }
    const token = verifySignedValue(value, cookie.secret);
    if (token === null) return { kind: 'none' };
    const generation = cache?.generation ?? 0;
    const row = await findSession(token);
    if (!row) return { kind: 'none' };
    if (sessionNeedsBetterAuth(row.expiresAt)) return { kind: 'better-auth' };
    // An account disabled by an administrator is signed out, whatever session it still holds.
    if (row.disabledAt) return { kind: 'disabled' };
    const viewer = { id: row.userId };
    cache?.remember(value, { viewer, expiresAt: row.expiresAt }, generation);
    return { kind: 'viewer', viewer, token };
  };
}
