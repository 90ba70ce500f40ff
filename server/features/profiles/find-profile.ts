import { desc, eq, sql } from 'drizzle-orm';
import { isHandleShaped, normalizeUsername } from '#shared/lib/username-rules.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
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
 * Finds a person by handle, in any case: the current username first, then
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

/**
 * The profile page of the person `where` finds: their public columns, whether the viewer follows
 * them and the groups they host (newest first, at most 50, as a JSON column): one statement,
 * prepared once per shape.
 */
function profilePageQuery(db: Database, shape: { by: 'username' | 'id'; signedIn: boolean }) {
  const { by, signedIn } = shape;
  return preparedQuery(db, `profiles_page_${by}_${signedIn ? 'viewer' : 'visitor'}`, (name) => {
    const key = sql.placeholder('key');
    const viewerId = sql.placeholder('viewerId');
    // Drizzle leaves the columns of a one-table select unqualified: inside a subquery over
    // another table, "id" would be that table's
    const personId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
    return db
      .select({
        ...publicColumns,
        isFollowing: signedIn
          ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followedId} = ${personId})`
          : sql<boolean>`false`,
        hostedGroups: sql<ProfilePageResponse['hostedGroups']>`(
          select coalesce(json_agg(json_build_object('id', hosted.id, 'slug', hosted.slug, 'name', hosted.name,
                                                     'groupImage', hosted.group_image, 'ama', hosted.ama)
                                   order by hosted.created_at desc, hosted.id desc), '[]'::json)
          from (select g.id, g.slug, g.name, g.group_image, g.ama, g.created_at from ${groups} g
                where g.owner_id = ${personId}
                order by g.created_at desc, g.id desc limit ${sql.raw(String(HOSTED_GROUPS_MAX))}) as hosted)`,
      })
      .from(users)
      .where(by === 'username' ? sql`lower(${users.username}) = ${key}` : eq(users.id, key))
      .limit(1)
      .prepare(name);
  });
}

/**
 * A person's profile page by handle (current or former, in any case) or by id, with the
 * signed-in viewer's relation to them; null when there is nobody. One statement for a current
 * handle or an id; a former handle first finds its owner.
 */
export async function readProfilePage(options: {
  db: Database;
  by: 'username' | 'id';
  key: string;
  viewer: Viewer | null;
}): Promise<ProfilePageResponse | null> {
  const { db, viewer } = options;
  let by = options.by;
  let key = options.key;
  if (by === 'username') {
    key = normalizeUsername(key);
    // every username is of these characters: anything else (a NUL byte, say) need not be looked up
    if (!isHandleShaped(key)) return null;
  }
  const read = () =>
    profilePageQuery(db, { by, signedIn: viewer !== null }).execute({ key, viewerId: viewer?.id ?? null });
  let [row] = await read();
  if (!row && by === 'username') {
    const found = await findPersonByUsername(db, key);
    if (!found) return null;
    by = 'id';
    key = found.row.id;
    [row] = await read();
  }
  if (!row) return null;
  const { isFollowing, hostedGroups, ...person } = row;
  return {
    profile: presentPublicProfile(person),
    viewer: viewer ? { isSelf: viewer.id === person.id, isFollowing: viewer.id !== person.id && isFollowing } : null,
    hostedGroups,
  };
}
