import { eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { HOST_ANALYTICS_LIMITS, HOST_ANALYTICS_MESSAGES } from '#shared/constants/host-analytics.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { canReadHostAnalytics } from '#shared/lib/permissions.ts';
import type {
  AnalyticsFigures,
  GroupAnalyticsResponse,
  SessionAnalyticsResponse,
  SessionAnalyticsRow,
  ViewerSample,
} from '#shared/schemas/host-analytics.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, groups, likes, questions, sessionViewerSamples, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireViewer, type Viewer } from '../../lib/viewer.ts';
import { sampleViewers } from './sample-viewers.ts';

/**
 * Refuses unless the viewer hosts the group (owns it now) or is an administrator: 401 signed out
 * (before anything is looked up), 403 otherwise. The role is read on every request, as the admin
 * routes do, so a role taken away stops at once.
 */
async function authorizeAnalytics(db: Queryable, viewer: Viewer | null, hostId: string): Promise<void> {
  const signedIn = requireViewer(viewer, HOST_ANALYTICS_MESSAGES.signIn);
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, signedIn.id)).limit(1);
  if (!canReadHostAnalytics({ id: signedIn.id, isAdmin: row?.role === 'admin' }, { hostId })) {
    throw forbidden(HOST_ANALYTICS_MESSAGES.hostOnly);
  }
}

/** A session's questions: those asked for it now, and those carried over from it to another session or for later. */
const ofSession = (sessionId: string): SQL =>
  sql`(q.session_id = ${sessionId} or q.carried_from_session_id = ${sessionId})`;
const ofGroup = (groupId: string): SQL => sql`q.group_id = ${groupId}`;

interface FigureRow extends Record<string, unknown> {
  asked: number;
  answered: number;
  hidden: number;
  median: number | null;
  votes: number;
  unique_askers: number;
  unique_voters: number;
}

/**
 * The headline figures of the questions `scope` selects (an alias `q` of questions), with the
 * peak of the samples `samples` selects (an alias `v` of session_viewer_samples).
 */
async function readFigures(db: Queryable, scope: SQL, samples: SQL): Promise<AnalyticsFigures> {
  const result = await db.execute<FigureRow>(sql`
    with scoped as (
      select q.id, q.author_id, q.status, q.is_hidden, q.merged_into_id, q.created_at, q.answered_at
      from ${questions} q where ${scope}
    ),
    votes as (
      select l.user_id, s.merged_into_id
      from scoped s
      join ${likes} l on l.target_type = 'question' and l.target_id = s.id::text
    )
    select
      (select count(*)::int from scoped) as asked,
      (select count(*)::int from scoped where status = 'answered') as answered,
      (select count(*)::int from scoped where is_hidden) as hidden,
      (select percentile_cont(0.5) within group (order by extract(epoch from answered_at - created_at))
         from scoped where status = 'answered' and answered_at is not null) as median,
      (select count(*)::int from votes where merged_into_id is null) as votes,
      (select count(distinct author_id)::int from scoped) as unique_askers,
      (select count(distinct user_id)::int from votes) as unique_voters`);
  const row = result.rows[0];
  if (!row) throw new Error('no figures row');

  const top = await db.execute<{
    id: string;
    body: string;
    like_count: number;
    status: 'open' | 'answered';
    is_anonymous: boolean;
  }>(sql`
    select q.id, q.body, q.like_count, q.status, q.is_anonymous
    from ${questions} q
    where ${scope} and not q.is_hidden and q.status <> 'pending' and q.merged_into_id is null
    order by q.like_count desc, q.created_at, q.id
    limit ${HOST_ANALYTICS_LIMITS.topQuestions}`);

  const peak = await db.execute<{ sampled_at: Date | string; viewers: number }>(sql`
    select v.sampled_at, v.viewers from ${sessionViewerSamples} v
    where ${samples}
    order by v.viewers desc, v.sampled_at
    limit 1`);
  const peakRow = peak.rows[0];

  const median = row.median === null ? null : Number(row.median);
  return {
    asked: row.asked,
    answered: row.answered,
    shareAnswered: row.asked === 0 ? null : row.answered / row.asked,
    medianSecondsToAnswer: median === null ? null : Math.max(0, median),
    hidden: row.hidden,
    votes: row.votes,
    uniqueAskers: row.unique_askers,
    uniqueVoters: row.unique_voters,
    peak: peakRow ? { at: isoOf(peakRow.sampled_at), viewers: peakRow.viewers } : null,
    topQuestions: top.rows.map((question) => ({
      id: question.id,
      body: question.body,
      likeCount: question.like_count,
      status: question.status,
      isAnswered: question.status === 'answered',
      isAnonymous: question.is_anonymous,
    })),
  };
}

/** A timestamp of a raw row (node-postgres gives a Date; a string from some paths) as ISO. */
const isoOf = (value: Date | string): string => new Date(value).toISOString();

/**
 * A session's analytics, for its group's host and the administrators. A live session is
 * sampled first (this minute's sample, if the job has not taken it yet), so its chart shows
 * a current point.
 */
export async function readSessionAnalytics(options: {
  db: Queryable;
  viewer: Viewer | null;
  sessionId: string;
}): Promise<SessionAnalyticsResponse> {
  const { db, sessionId } = options;
  requireViewer(options.viewer, HOST_ANALYTICS_MESSAGES.signIn);
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [session] = await db
    .select({
      id: amaSessions.id,
      title: amaSessions.title,
      status: amaSessions.status,
      startsAt: amaSessions.startsAt,
      startedAt: amaSessions.startedAt,
      endedAt: amaSessions.endedAt,
      groupId: groups.id,
      groupSlug: groups.slug,
      groupName: groups.name,
      hostId: groups.ownerId,
    })
    .from(amaSessions)
    .innerJoin(groups, eq(groups.id, amaSessions.groupId))
    .where(eq(amaSessions.id, sessionId))
    .limit(1);
  if (!session) throw notFound(SESSION_MESSAGES.notFound);
  await authorizeAnalytics(db, options.viewer, session.hostId);

  if (session.status === 'live') await sampleViewers({ db, sessionId });
  const ofSamples = sql`v.session_id = ${sessionId}`;
  const figures = await readFigures(db, ofSession(sessionId), ofSamples);
  const samples = await db.execute<{ sampled_at: Date | string; viewers: number }>(sql`
    select v.sampled_at, v.viewers from ${sessionViewerSamples} v
    where ${ofSamples}
    order by v.sampled_at`);
  const viewers: ViewerSample[] = samples.rows.map((row) => ({ at: isoOf(row.sampled_at), viewers: row.viewers }));

  return {
    session: {
      id: session.id,
      title: session.title,
      status: session.status,
      startsAt: session.startsAt.toISOString(),
      startedAt: session.startedAt?.toISOString() ?? null,
      endedAt: session.endedAt?.toISOString() ?? null,
      group: { id: session.groupId, slug: session.groupSlug, name: session.groupName },
    },
    figures,
    viewers,
  };
}

/** A group's analytics (all its questions, and its 50 newest sessions), for its host and the administrators. */
export async function readGroupAnalytics(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
}): Promise<GroupAnalyticsResponse> {
  const { db, groupId } = options;
  requireViewer(options.viewer, HOST_ANALYTICS_MESSAGES.signIn);
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const [group] = await db
    .select({ id: groups.id, slug: groups.slug, name: groups.name, hostId: groups.ownerId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  await authorizeAnalytics(db, options.viewer, group.hostId);

  const figures = await readFigures(
    db,
    ofGroup(groupId),
    sql`v.session_id in (select s.id from ${amaSessions} s where s.group_id = ${groupId})`,
  );
  // each question counts for the session it is in and the one it was carried over from
  const rows = await db.execute<{
    id: string;
    title: string;
    status: SessionAnalyticsRow['status'];
    starts_at: Date | string;
    asked: number;
    answered: number;
    peak_viewers: number | null;
  }>(sql`
    with listed as (
      select s.id, s.title, s.status, s.starts_at from ${amaSessions} s
      where s.group_id = ${groupId}
      order by s.starts_at desc, s.id desc
      limit ${HOST_ANALYTICS_LIMITS.sessionsListed}
    ),
    counted as (
      select x.session_id, count(*)::int as asked, count(*) filter (where q.status = 'answered')::int as answered
      from ${questions} q
      cross join lateral (select q.session_id union select q.carried_from_session_id) as x(session_id)
      where q.group_id = ${groupId} and x.session_id in (select id from listed)
      group by x.session_id
    )
    select l.id, l.title, l.status, l.starts_at,
      coalesce(c.asked, 0) as asked, coalesce(c.answered, 0) as answered,
      (select max(v.viewers) from ${sessionViewerSamples} v where v.session_id = l.id) as peak_viewers
    from listed l left join counted c on c.session_id = l.id
    order by l.starts_at desc, l.id desc`);

  return {
    group: { id: group.id, slug: group.slug, name: group.name },
    figures,
    sessions: rows.rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      startsAt: isoOf(row.starts_at),
      asked: row.asked,
      answered: row.answered,
      peakViewers: row.peak_viewers,
    })),
  };
}
