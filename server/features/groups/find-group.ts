import { eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { normalizeSlug } from '#shared/lib/slug-rules.ts';
import type { GroupAccess, GroupPageResponse, GroupSummary } from '#shared/schemas/groups.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { groupMembers, groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer, ViewerParam } from '../../lib/viewer.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { NO_RELATION, presentAccess, presentGroup, type GroupRelation } from './presenter.ts';
import { isUuid } from '../../lib/ids.ts';

/** A group's columns and its host's public ones, for `presentGroup`. */
export const groupSummaryColumns = {
  id: groups.id,
  slug: groups.slug,
  name: groups.name,
  description: groups.description,
  groupImage: groups.groupImage,
  ownerId: groups.ownerId,
  ama: groups.ama,
  questionsNeedApproval: groups.questionsNeedApproval,
  anonymousQuestions: groups.anonymousQuestions,
  openQuestionCap: groups.openQuestionCap,
  freshOrder: groups.freshOrder,
  subscriberCount: groups.subscriberCount,
  memberCount: groups.memberCount,
  likeCount: groups.likeCount,
  lastActivityAt: groups.lastActivityAt,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
  hostUsername: users.username,
  hostName: users.name,
  hostImage: users.profileImageUrl,
};

/** The groups matching `where`, host joined; callers add order and limit. */
export function selectGroupSummaries(db: Queryable, where: SQL | undefined) {
  return db
    .select(groupSummaryColumns)
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(where)
    .$dynamic();
}

/** One group by id, presented; null when there is none. */
export async function findGroupById(db: Queryable, groupId: string): Promise<GroupSummary | null> {
  if (!isUuid(groupId)) return null;
  const [row] = await selectGroupSummaries(db, eq(groups.id, groupId)).limit(1);
  return row ? presentGroup(row) : null;
}

/**
 * Whether `viewerId` is a member of, subscribes to and likes the group `groupId` names (for a
 * select of groups); all false signed out.
 */
export function relationColumns(viewerId: ViewerParam, groupId: SQL | typeof groups.id) {
  if (viewerId === null) {
    return { isMember: sql<boolean>`false`, isSubscribed: sql<boolean>`false`, isLiked: sql<boolean>`false` };
  }
  return {
    isMember: sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId} and ${groupMembers.userId} = ${viewerId})`,
    isSubscribed: sql<boolean>`exists (select 1 from ${groupSubscriptions} where ${groupSubscriptions.groupId} = ${groupId} and ${groupSubscriptions.userId} = ${viewerId})`,
    isLiked: viewerLikes(viewerId, 'group', groupId),
  };
}

/** The viewer's membership, subscription and like of a group, in one query. */
export async function loadRelation(db: Queryable, viewer: Viewer | null, groupId: string): Promise<GroupRelation> {
  if (!viewer) return NO_RELATION;
  const [row] = await db
    .select(relationColumns(viewer.id, groups.id))
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  return row ?? NO_RELATION;
}

/**
 * A group with the viewer's relation to it, for the permission rule and for writes that
 * change the relation. `lock` takes the group row FOR NO KEY UPDATE: writes that move one of
 * its counters lock it first (before any person's row), so they run one after another per
 * group, see each other's membership and subscription changes, and cannot deadlock.
 */
export async function loadGroupWithRelation(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  lock?: boolean;
  /**
   * More values read in the same statement (a write's own checks), returned as `extra`: one
   * JSON object of them, so a write needs no second round trip for its own checks.
   */
  columns?: Record<string, SQL>;
}) {
  const { db, viewer, groupId } = options;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const query = db
    .select({
      id: groups.id,
      ownerId: groups.ownerId,
      subscriberCount: groups.subscriberCount,
      memberCount: groups.memberCount,
      likeCount: groups.likeCount,
      ...relationColumns(viewer?.id ?? '', groups.id),
      ...(options.columns ? { extra: extraColumns(options.columns) } : {}),
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1)
    .$dynamic();
  const [row] = await (options.lock ? query.for('no key update', { of: groups }) : query);
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  const { isMember, isSubscribed, isLiked, extra, ...group } = row as typeof row & { extra?: unknown };
  return {
    group,
    relation: viewer ? { isMember, isSubscribed, isLiked } : NO_RELATION,
    extra: (extra ?? {}) as Record<string, unknown>,
  };
}

/** `columns` as one JSON object column (keys are constants of the code, never input). */
function extraColumns(columns: Record<string, SQL>): SQL<Record<string, unknown>> {
  const pairs = Object.entries(columns).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql<Record<string, unknown>>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A group's host by the group's id, or undefined when there is no such group (one prepared statement). */
export async function findGroupOwner(db: Database, groupId: string): Promise<string | undefined> {
  if (!isUuid(groupId)) return undefined;
  const query = preparedQuery(db, 'groups_owner', (name) =>
    db
      .select({ ownerId: groups.ownerId })
      .from(groups)
      .where(eq(groups.id, sql.placeholder('groupId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ groupId });
  return row?.ownerId;
}

/** The viewer's access to one group; signed out: role 'unknown', everything false. One prepared statement. */
export async function loadGroupAccess(options: {
  db: Database;
  viewer: Viewer | null;
  groupId: string;
}): Promise<GroupAccess> {
  const { db, viewer, groupId } = options;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const signedIn = viewer !== null;
  const query = preparedQuery(db, `groups_access_${signedIn ? 'viewer' : 'visitor'}`, (name) =>
    db
      .select({ ownerId: groups.ownerId, ...relationColumns(signedIn ? sql.placeholder('viewerId') : null, groups.id) })
      .from(groups)
      .where(eq(groups.id, sql.placeholder('groupId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ groupId, viewerId: viewer?.id ?? null });
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  const { ownerId, ...relation } = row;
  return presentAccess({ groupId, ownerId, viewer, relation: signedIn ? relation : NO_RELATION });
}

/** The group page by slug, in any case: the group and the viewer's access to it; one prepared statement. */
export async function loadGroupPage(options: {
  db: Database;
  viewer: Viewer | null;
  slug: string;
}): Promise<GroupPageResponse> {
  const { db, viewer } = options;
  const signedIn = viewer !== null;
  const query = preparedQuery(db, `groups_page_${signedIn ? 'viewer' : 'visitor'}`, (name) =>
    db
      .select({
        ...groupSummaryColumns,
        ...relationColumns(signedIn ? sql.placeholder('viewerId') : null, groups.id),
      })
      .from(groups)
      .innerJoin(users, eq(users.id, groups.ownerId))
      .where(sql`lower(${groups.slug}) = ${sql.placeholder('slug')}`)
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ slug: normalizeSlug(options.slug), viewerId: viewer?.id ?? null });
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  const { isMember, isSubscribed, isLiked, ...group } = row;
  return {
    group: presentGroup(group),
    access: presentAccess({
      groupId: group.id,
      ownerId: group.ownerId,
      viewer,
      relation: { isMember, isSubscribed, isLiked },
    }),
  };
}
