import type { PersonSummary, PublicProfile } from '#shared/schemas/profiles.ts';
import type { users } from '../../db/schema/index.ts';
import { isoTime } from '../../lib/iso-time.ts';

type UserRow = typeof users.$inferSelect;

/** The columns a public profile needs: never the e-mail, the settings or the role. */
export type PublicUserRow = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'quote' | 'profileImageUrl' | 'followers' | 'following' | 'createdAt'
>;

/** What anyone may see of a person: the profile minus e-mail, username history and e-mail settings. */
export function presentPublicProfile(row: PublicUserRow): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    quote: row.quote,
    profileImageURL: row.profileImageUrl,
    followers: row.followers,
    following: row.following,
    createdAt: isoTime(row.createdAt),
  };
}

/** A person in a followers or following list. */
export function presentPersonSummary(
  row: PublicUserRow & { followedAt: Date; isFollowing: boolean | null },
): PersonSummary {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    quote: row.quote,
    profileImageURL: row.profileImageUrl,
    followers: row.followers,
    isFollowing: row.isFollowing,
    followedAt: isoTime(row.followedAt),
  };
}
