import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DISCOVERY_LIMITS,
  type ActivityItem,
  type DashboardGroup,
  type DashboardResponse,
} from '#shared/schemas/discovery.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, comments, groupSubscriptions, groups, posts, questions, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireViewer } from '../groups/host-only.ts';
import { presentSession, selectSessions } from '../sessions/select-sessions.ts';

const groupRef = {
  groupId: groups.id,
  groupSlug: groups.slug,
  groupName: groups.name,
  groupImage: groups.groupImage,
};
const actor = {
  actorId: users.id,
  actorUsername: users.username,
  actorName: users.name,
  actorImage: users.profileImageUrl,
};

type ActivityRow = { [K in keyof typeof groupRef | keyof typeof actor]: string } & {
  id: string;
  createdAt: Date;
  text: string;
};

function presentActivity(
  kind: ActivityItem['kind'],
  row: ActivityRow,
  target: ActivityItem['target'],
): ActivityItem & { at: number } {
  return {
    kind,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    group: { id: row.groupId, slug: row.groupSlug, name: row.groupName, groupImage: row.groupImage },
    actor: { id: row.actorId, username: row.actorUsername, name: row.actorName, profileImageURL: row.actorImage },
    text: row.text,
    target,
    at: row.createdAt.getTime(),
  };
}

/**
 * The creator dashboard: the groups the viewer hosts with their subscribers, unanswered (open,
 * not hidden) and pending (waiting for approval, not hidden) questions; the scheduled and live
 * sessions of those groups; and the latest things other people did in them. A few small
 * queries, each bounded: the groups (counts per group through questions_group_created_idx),
 * the sessions, and the newest questions, comments, posts and subscriptions, merged here.
 */
export async function loadDashboard(options: { db: Queryable; viewer: Viewer | null }): Promise<DashboardResponse> {
  const { db } = options;
  const viewer = requireViewer(options.viewer);
  const hosted = eq(groups.ownerId, viewer.id);
  const hostedIds = db.select({ id: groups.id }).from(groups).where(hosted);
  // Written out: in a one-table select Drizzle leaves column names unqualified, which the
  // subquery would read as its own table's. Counted through questions_group_created_idx.
  const countQuestions = (status: 'open' | 'pending') =>
    sql<number>`(select count(*)::int from questions q where q.group_id = groups.id
      and q.status = ${status} and not q.is_hidden)`;
  const perKind = DISCOVERY_LIMITS.dashboardActivity;

  const [groupRows, sessionRows, questionRows, commentRows, postRows, subscriptionRows] = await Promise.all([
    db
      .select({
        id: groups.id,
        slug: groups.slug,
        name: groups.name,
        groupImage: groups.groupImage,
        ama: groups.ama,
        subscriberCount: groups.subscriberCount,
        memberCount: groups.memberCount,
        unansweredCount: countQuestions('open'),
        pendingCount: countQuestions('pending'),
      })
      .from(groups)
      .where(hosted)
      .orderBy(desc(groups.createdAt), desc(groups.id))
      .limit(DISCOVERY_LIMITS.dashboardGroupsMax),
    selectSessions(db, and(inArray(amaSessions.groupId, hostedIds), inArray(amaSessions.status, ['scheduled', 'live'])))
      // live ones first, then the soonest
      .orderBy(sql`(${amaSessions.status} = 'live') desc`, asc(amaSessions.startsAt), asc(amaSessions.id))
      .limit(DISCOVERY_LIMITS.dashboardSessions),
    db
      .select({ id: questions.id, createdAt: questions.createdAt, text: questions.body, ...groupRef, ...actor })
      .from(questions)
      .innerJoin(groups, eq(groups.id, questions.groupId))
      .innerJoin(users, eq(users.id, questions.authorId))
      .where(and(hosted, ne(questions.authorId, viewer.id), eq(questions.isHidden, false)))
      .orderBy(desc(questions.createdAt))
      .limit(perKind),
    db
      .select({
        id: comments.id,
        createdAt: comments.createdAt,
        text: comments.body,
        parentType: comments.parentType,
        parentId: comments.parentId,
        ...groupRef,
        ...actor,
      })
      .from(comments)
      .innerJoin(groups, eq(groups.id, comments.groupId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(and(hosted, ne(comments.authorId, viewer.id)))
      .orderBy(desc(comments.createdAt))
      .limit(perKind),
    db
      .select({ id: posts.id, createdAt: posts.createdAt, text: posts.body, ...groupRef, ...actor })
      .from(posts)
      .innerJoin(groups, eq(groups.id, posts.groupId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(hosted, ne(posts.authorId, viewer.id)))
      .orderBy(desc(posts.createdAt))
      .limit(perKind),
    db
      .select({
        id: sql<string>`${groupSubscriptions.groupId}::text || ':' || ${groupSubscriptions.userId}`,
        createdAt: groupSubscriptions.createdAt,
        text: sql<string>`''`,
        ...groupRef,
        ...actor,
      })
      .from(groupSubscriptions)
      .innerJoin(groups, eq(groups.id, groupSubscriptions.groupId))
      .innerJoin(users, eq(users.id, groupSubscriptions.userId))
      .where(hosted)
      .orderBy(desc(groupSubscriptions.createdAt))
      .limit(perKind),
  ]);

  const activity = [
    ...questionRows.map((row) => presentActivity('question', row, { type: 'question', id: row.id })),
    ...commentRows.map((row) => presentActivity('comment', row, { type: row.parentType, id: row.parentId })),
    ...postRows.map((row) => presentActivity('post', row, { type: 'post', id: row.id })),
    ...subscriptionRows.map((row) => presentActivity('subscription', row, { type: 'group', id: row.groupId })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, perKind)
    .map(({ at: _at, ...item }) => item);

  const dashboardGroups: DashboardGroup[] = groupRows;
  return {
    groups: dashboardGroups,
    totals: {
      subscribers: groupRows.reduce((sum, group) => sum + group.subscriberCount, 0),
      unanswered: groupRows.reduce((sum, group) => sum + group.unansweredCount, 0),
      pending: groupRows.reduce((sum, group) => sum + group.pendingCount, 0),
    },
    upcomingSessions: sessionRows.map(presentSession),
    activity,
  };
}
