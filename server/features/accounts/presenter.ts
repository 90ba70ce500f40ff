import type { Profile, SessionUser } from '#shared/schemas/accounts.ts';
import type { users } from '../../db/schema/index.ts';
import { isoTime } from '../../lib/iso-time.ts';

type UserRow = typeof users.$inferSelect;

/** A users row as the profile the API answers; never the row itself. */
export function presentProfile(row: UserRow): Profile {
  return {
    uId: row.id,
    email: row.email,
    username: row.username,
    usernameHistory: row.usernameHistory,
    name: row.name,
    createdAt: isoTime(row.createdAt),
    lastTokenUpdate: isoTime(row.lastTokenUpdate),
    followers: row.followers,
    following: row.following,
    subscribing: row.subscribing,
    quote: row.quote,
    profileImageURL: row.profileImageUrl,
    emailSettings: row.emailSettings,
  };
}

export function presentSessionUser(row: UserRow): SessionUser {
  return { id: row.id, email: row.email, profile: presentProfile(row), role: row.role };
}
