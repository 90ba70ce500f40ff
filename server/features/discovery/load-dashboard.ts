import { eq, sql, type SQL } from 'drizzle-orm';
import {
  DISCOVERY_LIMITS,
  type ActivityItem,
  type DashboardGroup,
  type DashboardResponse,
} from '#shared/schemas/discovery.ts';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { currentSnapshot, personScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentSession, sessionJson, sessionFromJson, type SessionJson } from '../sessions/public.ts';
import { requireViewer } from '../../lib/viewer.ts';

/** The actor of an anonymous question's activity: nobody the host could tell. */
const ANONYMOUS_ACTOR = sql.raw(
  `json_build_object('id', '', 'username', '', 'name', '${ANONYMOUS_AUTHOR.name}', 'profileImageURL', '')`,
);

/** An activity item as the statement writes it: its time as text (UTC, to the microsecond). */
type ActivityJson = Omit<ActivityItem, 'createdAt'> & { createdAt: string };

/**
 * The whole dashboard of the viewer `viewerId` names, as three JSON columns of one row (the
 * viewer's own): prepared once.
 *
 * - groups: the hosted groups, newest first (at most dashboardGroupsMax), with their open and
 *   pending questions counted through questions_group_created_idx;
 * - sessions: the scheduled and live sessions of the hosted groups, live ones first, then the
 *   soonest (ama_sessions_group_starts_idx);
 * - activity: the newest questions (not hidden), comments and posts of other people and the
 *   newest subscriptions, each kind cut to the page in the order of its (group, created_at)
 *   index per hosted group, then merged: newest first to the millisecond, and at the same
 *   millisecond questions, comments, posts, subscriptions, each newest first (the order the
 *   four lists had when they were merged in JavaScript). An anonymous question's actor is
 *   "Anonymous" (no id): the dashboard never tells the host who asked it.
 */
function dashboardQuery(db: Database) {
  return preparedQuery(db, 'discovery_dashboard', (name) => {
    const viewerId = sql.placeholder('viewerId');
    const perKind = sql.raw(String(DISCOVERY_LIMITS.dashboardActivity));
    const groupRef = sql`'id', g.id, 'slug', g.slug, 'name', g.name, 'groupImage', g.group_image`;
    // each kind: the newest of every hosted group, in the order of that group's index
    const latest = (select: SQL, from: SQL) => sql`(select ${select}
      from groups g cross join lateral (${from} limit ${perKind}) as x
      where g.owner_id = ${viewerId})`;
    const activity = sql`
      ${latest(
        sql`'question' as kind, 0 as rank, x.id::text as id, x.created_at, x.body as text, g.id as group_id, g.slug,
          g.name, g.group_image, case when x.is_anonymous then null else x.author_id end as actor_id,
          'question' as target_type, x.id::text as target_id`,
        sql`select q.id, q.created_at, q.body, q.author_id, q.is_anonymous from questions q
          where q.group_id = g.id and q.author_id <> ${viewerId} and not q.is_hidden order by q.created_at desc`,
      )}
      union all
      ${latest(
        sql`'comment', 1, x.id::text, x.created_at, x.body, g.id, g.slug, g.name, g.group_image, x.author_id,
          x.parent_type, x.parent_id::text`,
        sql`select c.id, c.created_at, c.body, c.author_id, c.parent_type, c.parent_id from comments c
          where c.group_id = g.id and c.author_id <> ${viewerId} order by c.created_at desc`,
      )}
      union all
      ${latest(
        sql`'post', 2, x.id::text, x.created_at, x.body, g.id, g.slug, g.name, g.group_image, x.author_id, 'post',
          x.id::text`,
        sql`select p.id, p.created_at, p.body, p.author_id from posts p
          where p.group_id = g.id and p.author_id <> ${viewerId} order by p.created_at desc`,
      )}
      union all
      ${latest(
        sql`'subscription', 3, g.id::text || ':' || x.user_id, x.created_at, '', g.id, g.slug, g.name, g.group_image,
          x.user_id, 'group', g.id::text`,
        sql`select s.user_id, s.created_at from group_subscriptions s where s.group_id = g.id
          order by s.created_at desc`,
      )}`;
    const activityOrder = sql`date_trunc('milliseconds', a.created_at) desc, a.rank, a.created_at desc`;
    return db
      .select({
        snapshot: currentSnapshot,
        // every hosted group's row and sessions, queue and posts (decision 035)
        scopes: sql<string[]>`array(select scope.id from groups g cross join lateral
          (values (page_scope(g.id, 'group')), (page_scope(g.id, 'queue')), (page_scope(g.id, 'posts'))) as scope (id)
          where g.owner_id = ${viewerId})::text[]`,
        groups: sql<DashboardGroup[]>`(
          select coalesce(json_agg(json_build_object(${groupRef}, 'ama', g.ama, 'subscriberCount', g.subscriber_count,
                   'memberCount', g.member_count, 'unansweredCount', g.unanswered, 'pendingCount', g.pending)
                 order by g.created_at desc, g.id desc), '[]'::json)
          from (select g.*,
                  (select count(*)::int from questions q where q.group_id = g.id and q.status = 'open' and not q.is_hidden and q.merged_into_id is null) as unanswered,
                  (select count(*)::int from questions q where q.group_id = g.id and q.status = 'pending' and not q.is_hidden) as pending
                from groups g where g.owner_id = ${viewerId}
                order by g.created_at desc, g.id desc
                limit ${sql.raw(String(DISCOVERY_LIMITS.dashboardGroupsMax))}) as g)`,
        sessions: sql<SessionJson[]>`(
          select coalesce(json_agg(s.session order by s.is_live desc, s.starts_at, s.id), '[]'::json)
          from (select ${sessionJson('s', 'g', 'h')} as session, s.status = 'live' as is_live, s.starts_at, s.id
                from groups hosted
                join ama_sessions s on s.group_id = hosted.id and s.status in ('scheduled', 'live')
                join groups g on g.id = s.group_id
                join users h on h.id = s.host_id
                where hosted.owner_id = ${viewerId}
                order by s.status = 'live' desc, s.starts_at, s.id
                limit ${sql.raw(String(DISCOVERY_LIMITS.dashboardSessions))}) as s)`,
        activity: sql<ActivityJson[]>`(
          select coalesce(json_agg(json_build_object('kind', a.kind, 'id', a.id,
                   'createdAt', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                   'group', json_build_object('id', a.group_id, 'slug', a.slug, 'name', a.name, 'groupImage', a.group_image),
                   'actor', case when u.id is null then ${ANONYMOUS_ACTOR}
                     else json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'profileImageURL', u.profile_image_url) end,
                   'text', a.text, 'target', json_build_object('type', a.target_type, 'id', a.target_id))
                 order by ${activityOrder}), '[]'::json)
          from (select * from (${activity}) as a order by ${activityOrder} limit ${perKind}) as a
          left join users u on u.id = a.actor_id)`,
      })
      .from(users)
      .where(eq(users.id, viewerId))
      .prepare(name);
  });
}

/**
 * The creator dashboard: the groups the viewer hosts with their subscribers, unanswered (open,
 * not hidden) and pending (waiting for approval, not hidden) questions; the scheduled and live
 * sessions of those groups; and the latest things other people did in them. One prepared
 * statement (see `dashboardQuery`); with a `cache`, served again until something it shows changes
 * (decision 035): the viewer's hosted groups (their person scope), each hosted group's row,
 * sessions, subscriptions, queue and posts, and the people shown.
 */
export async function loadDashboard(options: {
  db: Database;
  viewer: Viewer | null;
  cache?: PageCache<DashboardResponse> | undefined;
}): Promise<DashboardResponse> {
  const viewer = requireViewer(options.viewer);
  return servePage(options.cache, options.db, viewer.id, async () => {
    const [row] = await dashboardQuery(options.db).execute({ viewerId: viewer.id });
    const groupRows = row?.groups ?? [];
    const value: DashboardResponse = {
      groups: groupRows,
      totals: {
        subscribers: groupRows.reduce((sum, group) => sum + group.subscriberCount, 0),
        unanswered: groupRows.reduce((sum, group) => sum + group.unansweredCount, 0),
        pending: groupRows.reduce((sum, group) => sum + group.pendingCount, 0),
      },
      upcomingSessions: (row?.sessions ?? []).map((session) => presentSession(sessionFromJson(session))),
      activity: (row?.activity ?? []).map((item) => ({ ...item, createdAt: new Date(item.createdAt).toISOString() })),
    };
    if (!row) return { value, source: undefined };
    const scopes = new Set([personScope(viewer.id), ...row.scopes]);
    for (const session of value.upcomingSessions) scopes.add(personScope(session.host.id));
    for (const item of value.activity) if (item.actor.id !== '') scopes.add(personScope(item.actor.id));
    return { value, source: { scopes: [...scopes], snapshot: row.snapshot } };
  });
}
