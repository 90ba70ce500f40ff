import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

/**
 * What a live socket keeps of the session it was opened with: a hash of the session token, so
 * neither memory dumps nor bus messages carry a token that could sign anyone in.
 */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const CHUNK = 1_000;

/**
 * The sessions of `userIds` that still let someone in (the row exists, has not expired, and
 * the account is not disabled), as token hashes per person; a person with none is absent.
 */
export async function liveSessionHashes(db: Queryable, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const rows: { userId: string; token: string }[] = [];
  // in chunks: a process may hold sockets of thousands of people, PostgreSQL takes 65,535 parameters
  for (let start = 0; start < userIds.length; start += CHUNK) {
    rows.push(
      ...(await db
        .select({ userId: sessions.userId, token: sessions.token })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.userId, userIds.slice(start, start + CHUNK)),
            sql`${sessions.expiresAt} > now()`,
            isNull(users.disabledAt),
          ),
        )),
    );
  }
  for (const row of rows) {
    let hashes = found.get(row.userId);
    if (!hashes) {
      hashes = new Set();
      found.set(row.userId, hashes);
    }
    hashes.add(sessionTokenHash(row.token));
  }
  return found;
}
