import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { USERNAME_MIN_LENGTH } from '#shared/constants/limits.ts';
import { isUnavailableUsername } from '#shared/lib/username-rules.ts';
import type { Database } from '../../db/client.ts';

/** Longest base taken from a display name or an e-mail (a suffix may follow). */
export const DERIVED_USERNAME_MAX_LENGTH = 30;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A user id in better-auth's format (32 letters and digits), made here so the username can use it. */
export function newUserId(): string {
  let id = '';
  for (let index = 0; index < 32; index += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/**
 * Text made to fit the username rule (letters, digits, '_' and '-'): accents are taken off
 * (José → jose), spaces and every other character are dropped, and it is lowercased.
 */
export function toUsernameCharacters(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, DERIVED_USERNAME_MAX_LENGTH);
}

/**
 * The base of a Google sign-up's username: the display name without spaces,
 * lowercased; else the e-mail's local part; else 'user_' and the first 8 characters of the id.
 * A source counts only when what is left of it has at least 3 characters and is not a reserved
 * or blocked name: suffixing 'admin' or 'support' would only make a look-alike of staff.
 */
export function usernameBase(source: { name: string | null | undefined; email: string; userId: string }): string {
  const localPart = source.email.split('@')[0] ?? '';
  for (const raw of [source.name ?? '', localPart]) {
    const candidate = toUsernameCharacters(raw);
    if (candidate.length >= USERNAME_MIN_LENGTH && !isUnavailableUsername(candidate)) return candidate;
  }
  return `user_${toUsernameCharacters(source.userId).slice(0, 8)}`;
}

/** The base when free, else the base with the first of 1, 2, 3… that is free. */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The unique username of a new Google account. Names now in use and earlier names (which keep
 * pointing at their owner) count as taken, read in one query for the base and every
 * base-plus-digits. Two sign-ups deriving the same name at the same moment meet the unique index:
 * one of them fails and is asked to try again, and then gets the next suffix.
 */
export async function deriveUniqueUsername(
  db: Database,
  source: { name: string | null | undefined; email: string; userId: string },
): Promise<string> {
  const base = usernameBase(source);
  // The base holds only [a-z0-9_-], so it is literal inside the pattern.
  const pattern = `^${base}[0-9]*$`;
  const result = await db.execute<{ name: string }>(sql`
    select lower(username) as name from users where lower(username) ~ ${pattern}
    union
    select earlier as name from users, unnest(username_history) as earlier where earlier ~ ${pattern}
  `);
  return firstFreeUsername(base, new Set(result.rows.map((row) => row.name)));
}
