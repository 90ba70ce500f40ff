import { and, desc, eq, sql } from 'drizzle-orm';
import { isHandleShaped, normalizeUsername } from '#shared/lib/username-rules.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';
import type { Queryable } from '../../db/client.ts';
import { follows, groups, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentPublicProfile, type PublicUserRow } from './presenter.ts';

const publicColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  quote: users.quote,
  profileImageUrl: users.profileImageUrl,
  followers: users.followers,
  following: users.following,
  createdAt: users.createdAt,
};

/** A found person and whether the handle asked for was one of their former usernames. */
export interface FoundPerson {
  row: PublicUserRow;
  isFormerUsername: boolean;
}

/**
 * Finds a person by handle, in any case (spec section 7): the current username first, then
 * the earlier ones (usernameHistory), so old links keep finding their owner.
 */
export async function findPersonByUsername(db: Queryable, handle: string): Promise<FoundPerson | null> {
  const username = normalizeUsername(handle);
  // every username is of these characters: anything else (a NUL byte, say) need not be looked up
  if (!isHandleShaped(username)) return null;
  const [current] = await db
    .select(publicColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`)
    .limit(1);
  if (current) return { row: current, isFormerUsername: false };
  // History entries are stored lowercase; the GIN index answers @>.
  const [former] = await db
    .select(publicColumns)
    .from(users)
    .where(sql`${users.usernameHistory} @> array[${username}]::text[]`)
    .orderBy(desc(users.updatedAt))
    .limit(1);
  return former ? { row: former, isFormerUsername: true } : null;
}

/** Finds a person by id; null when there is none. */
export async function findPersonById(db: Queryable, userId: string): Promise<PublicUserRow | null> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Most hosted groups a profile lists. */
const HOSTED_GROUPS_MAX = 50;

/** The groups a person hosts, for their profile: newest first, at most 50. */
async function listHostedGroups(db: Queryable, userId: string): Promise<ProfilePageResponse['hostedGroups']> {
  return db
    .select({ id: groups.id, slug: groups.slug, name: groups.name, groupImage: groups.groupImage, ama: groups.ama })
    .from(groups)
    .where(eq(groups.ownerId, userId))
    .orderBy(desc(groups.createdAt), desc(groups.id))
    .limit(HOSTED_GROUPS_MAX);
}

/** The profile page of a found person, with the signed-in viewer's relation to them. */
export async function loadProfilePage(options: {
  db: Queryable;
  row: PublicUserRow;
  viewer: Viewer | null;
}): Promise<ProfilePageResponse> {
  const { db, row, viewer } = options;
  const [isFollowing, hostedGroups] = await Promise.all([
    viewer && viewer.id !== row.id
      ? db
          .select({ one: sql`1` })
          .from(follows)
          .where(and(eq(follows.followerId, viewer.id), eq(follows.followedId, row.id)))
          .limit(1)
          .then((rows) => rows.length > 0)
      : Promise.resolve(false),
    listHostedGroups(db, row.id),
  ]);
  return {
    profile: presentPublicProfile(row),
    viewer: viewer ? { isSelf: viewer.id === row.id, isFollowing } : null,
    hostedGroups,
  };
}
