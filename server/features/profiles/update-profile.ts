import { and, eq, ne, or, sql } from 'drizzle-orm';
import { singleLine } from '#shared/lib/single-line.ts';
import { PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import { parseImageUrl } from '#shared/lib/image-urls.ts';
import {
  SIGN_UP_MESSAGES,
  joinMessages,
  normalizeUsername,
  usernameFormatMessages,
} from '#shared/lib/username-rules.ts';
import type { Profile } from '#shared/schemas/accounts.ts';
import { PROFILE_LIMITS, type ProfileUpdateInput } from '#shared/schemas/profiles.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { images, users } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthenticated } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { presentProfile } from '../accounts/public.ts';
import { PROFILE_RATE_RULES } from './rate-rules.ts';
import { hasPgCode } from '../../lib/database-errors.ts';

const EDITABLE_FIELDS = ['name', 'username', 'quote', 'profileImageURL'] as const;
// Ids are better-auth's random strings; anything else cannot name a person.
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether a value can be a user id at all ('Invalid user ID' otherwise). */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && USER_ID.test(value);
}

/**
 * The update as the spec wants it checked: an object with at least one of the four fields and
 * nothing else ('Invalid update data'), text fields as strings (the image URL has its own
 * message), limits after trimming.
 */
function parseChanges(changes: unknown): ProfileUpdateInput {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    throw badRequest(PROFILE_MESSAGES.invalidData);
  }
  const keys = Object.keys(changes);
  if (keys.length === 0 || keys.some((key) => !(EDITABLE_FIELDS as readonly string[]).includes(key))) {
    throw badRequest(PROFILE_MESSAGES.invalidData);
  }
  const input = changes as Record<string, unknown>;
  for (const key of ['name', 'username', 'quote'] as const) {
    if (key in input && typeof input[key] !== 'string') throw badRequest(PROFILE_MESSAGES.invalidData);
  }
  if ('profileImageURL' in input && typeof input.profileImageURL !== 'string') {
    throw badRequest(PROFILE_MESSAGES.imageUrlNotString);
  }
  const parsed: ProfileUpdateInput = {};
  if (typeof input.name === 'string') {
    const name = singleLine(input.name);
    if (name === '') throw badRequest(PROFILE_MESSAGES.nameEmpty, { name: PROFILE_MESSAGES.nameEmpty });
    if (name.length > PROFILE_LIMITS.nameMax) {
      throw badRequest(PROFILE_MESSAGES.nameTooLong, { name: PROFILE_MESSAGES.nameTooLong });
    }
    parsed.name = name;
  }
  if (typeof input.quote === 'string') {
    const quote = input.quote.trim();
    if (quote.length > PROFILE_LIMITS.quoteMax) {
      throw badRequest(PROFILE_MESSAGES.quoteTooLong, { quote: PROFILE_MESSAGES.quoteTooLong });
    }
    parsed.quote = quote;
  }
  if (typeof input.username === 'string') parsed.username = input.username;
  if (typeof input.profileImageURL === 'string') parsed.profileImageURL = input.profileImageURL.trim();
  return parsed;
}

/** Whether a username (lowercase) is somebody else's, now or before (their history keeps it). */
async function isTakenByOther(db: Queryable, username: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        or(sql`lower(${users.username}) = ${username}`, sql`${users.usernameHistory} @> array[${username}]::text[]`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** '' (no picture) or the URL of an avatar this person uploaded; anything else is refused. */
async function checkImageUrl(db: Queryable, url: string, userId: string): Promise<void> {
  if (url === '') return;
  const parsed = parseImageUrl(url);
  const refuse = () => badRequest(PROFILE_MESSAGES.imageNotOurs, { profileImageURL: PROFILE_MESSAGES.imageNotOurs });
  if (!parsed) throw refuse();
  const [image] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, parsed.imageId), eq(images.ownerId, userId), eq(images.purpose, 'avatar')))
    .limit(1);
  if (!image) throw refuse();
}

/**
 * The username history after a change from `previous` to `next` (both lowercase), as spec
 * section 6 says: the old name is appended when it differs and is not there yet. Nothing ever
 * leaves it, so a name taken back stays in the history too (the lookup finds the current
 * username first) and every former name keeps redirecting, in the order it was first left.
 */
export function nextUsernameHistory(history: readonly string[], previous: string, next: string): string[] {
  if (previous === next || history.includes(previous)) return [...history];
  return [...history, previous];
}

/**
 * Changes some of a person's profile: name, username, quote, profile image.
 * Only the signed-in owner may. A new username is checked as at sign-up, stored
 * lowercase, and the old one joins the history; lastTokenUpdate moves on every update. One
 * transaction: a concurrent taker of the same name loses on the unique index.
 */
export async function updateProfile(options: {
  db: Database;
  rateLimit: RateLimiter;
  viewer: Viewer | null;
  userId: unknown;
  changes: unknown;
}): Promise<Profile> {
  const { db, viewer, userId } = options;
  if (!isUserId(userId)) throw new AppError(400, 'invalid_user_id', PROFILE_MESSAGES.invalidUserId);
  if (!viewer) throw unauthenticated(PROFILE_MESSAGES.unauthenticated);
  if (viewer.id !== userId) throw new AppError(403, 'forbidden', PROFILE_MESSAGES.notOwner);
  const changes = parseChanges(options.changes);

  const [current] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw new AppError(404, 'not_found', PROFILE_MESSAGES.notFound);

  let username: string | undefined;
  if (changes.username !== undefined) {
    username = normalizeUsername(changes.username);
    const isUnchanged = username === current.username.toLowerCase();
    const messages = usernameFormatMessages(changes.username, { isUnchanged });
    if (!isUnchanged && username.length > PROFILE_LIMITS.usernameMax) messages.push(PROFILE_MESSAGES.usernameTooLong);
    if (messages.length > 0) {
      const message = joinMessages(messages);
      throw badRequest(message, { username: message });
    }
    if (isUnchanged) username = undefined;
    else await options.rateLimit.check(PROFILE_RATE_RULES.usernameChangesPerAccount, userId);
  }
  if (changes.profileImageURL !== undefined) await checkImageUrl(db, changes.profileImageURL, userId);

  let profile: Profile;
  try {
    profile = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ username: users.username, usernameHistory: users.usernameHistory })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) throw new AppError(404, 'not_found', PROFILE_MESSAGES.notFound);
      const previous = row.username.toLowerCase();
      const isUsernameChange = username !== undefined && username !== previous;
      if (isUsernameChange && (await isTakenByOther(tx, username as string, userId))) {
        throw badRequest(SIGN_UP_MESSAGES.usernameTaken, { username: SIGN_UP_MESSAGES.usernameTaken });
      }
      const now = new Date();
      const [updated] = await tx
        .update(users)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.quote !== undefined ? { quote: changes.quote } : {}),
          ...(changes.profileImageURL !== undefined ? { profileImageUrl: changes.profileImageURL } : {}),
          ...(isUsernameChange
            ? {
                username: username as string,
                usernameHistory: nextUsernameHistory(row.usernameHistory, previous, username as string),
              }
            : {}),
          lastTokenUpdate: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw new AppError(404, 'not_found', PROFILE_MESSAGES.notFound);
      return presentProfile(updated);
    });
  } catch (error) {
    // Someone took the same name between our check and our write: the unique index decides.
    if (hasPgCode(error, '23505')) {
      throw badRequest(SIGN_UP_MESSAGES.usernameTaken, { username: SIGN_UP_MESSAGES.usernameTaken });
    }
    throw error;
  }
  if (username !== undefined) {
    await options.rateLimit.hit(PROFILE_RATE_RULES.usernameChangesPerAccount, userId).catch(() => undefined);
  }
  return profile;
}
