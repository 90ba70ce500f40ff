import { and, count, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { NOTIFICATION_LIMITS, type NotificationListResponse } from '#shared/schemas/notifications.ts';
import type { Database } from '../../db/client.ts';
import { amaSessions, groups, notifications, posts, questions, users } from '../../db/schema/index.ts';
import { currentSnapshot, personScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { notificationHref } from './notification-href.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';
import { cursorTime, decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';

/**
 * The question a notification is about, joined by primary key (none for other targets). The
 * uuid cast is safe: notifications_target_uuid_check keeps the id of a question, post or session
 * a uuid (decision 031), and the CASE keeps other targets' ids (people's) away from it.
 */
const aboutQuestion = sql`${questions.id} = case when ${notifications.targetType} = 'question' then ${notifications.targetId}::uuid end`;

/**
 * Whether the viewer may still see what a notification is about: a question (joined by
 * `aboutQuestion`) by the rule of the question lists (open or answered and not hidden; always its
 * author and the group's host), a post or a session while it exists. A notification about
 * something hidden or deleted since leaves the bell (its excerpt would show what is no longer
 * there) and stops counting as unread. A deleted question joins as nulls, which fail the test.
 * Posts and sessions are scalar subqueries so that each is one primary-key probe (an EXISTS here
 * may be planned as a hash of the whole table).
 */
function stillVisibleTo(viewerId: Placeholder) {
  const target = sql`${notifications.targetId}::uuid`;
  return sql`case
    when ${notifications.targetType} = 'question' then
      (${questions.status} <> 'pending' and not ${questions.isHidden})
      or ${questions.authorId} = ${viewerId}
      or exists (select 1 from ${groups} as owned where owned.id = ${questions.groupId} and owned.owner_id = ${viewerId})
    when ${notifications.targetType} = 'post' then coalesce((select true from ${posts} where ${posts.id} = ${target}), false)
    when ${notifications.targetType} = 'session' then coalesce((select true from ${amaSessions} where ${amaSessions.id} = ${target}), false)
    else true
  end`;
}

/**
 * A page of the viewer's notifications, first or after a cursor (prepared once per shape), with
 * the actor and group joined and, for a question, the question itself: it decides whether the row
 * is still shown and, by the session it was asked for, its link (the session's page rather than
 * the group's queue).
 */
function pageQuery(db: Database, after: boolean) {
  return preparedQuery(db, `notifications_page_${after ? 'after' : 'first'}`, (name) => {
    const viewerId = sql.placeholder('viewerId');
    return db
      .select({
        snapshot: currentSnapshot,
        id: notifications.id,
        kind: notifications.kind,
        targetType: notifications.targetType,
        targetId: notifications.targetId,
        excerpt: notifications.excerpt,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        cursorTime: cursorTime(notifications.createdAt),
        actorId: users.id,
        actorUsername: users.username,
        actorName: users.name,
        actorImage: users.profileImageUrl,
        groupId: groups.id,
        groupSlug: groups.slug,
        groupName: groups.name,
        questionSessionId: questions.sessionId,
        // who asked an anonymous question is nobody's to read, whatever a notification recorded
        hidesActor: sql<boolean>`coalesce(${questions.isAnonymous} and ${notifications.actorId} = ${questions.authorId}, false)`,
      })
      .from(notifications)
      .leftJoin(questions, aboutQuestion)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(groups, eq(groups.id, notifications.groupId))
      .where(
        and(
          eq(notifications.userId, viewerId),
          stillVisibleTo(viewerId),
          after
            ? sql`(${notifications.createdAt}, ${notifications.id}) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * The scopes of the groups of the viewer's notifications a page looked through (decision 035):
 * those from the newest down to the one after the page (all of them when there is none), shown
 * or not, since one left out (its question hidden, say) may come back. `unscoped`: one of them is
 * about a question, post or session but names no group, so the page cannot be kept.
 */
function lookedThroughQuery(db: Database, isBounded: boolean) {
  return preparedQuery(db, `notifications_page_scopes_${isBounded ? 'since' : 'all'}`, (name) => {
    const mine = and(
      eq(notifications.userId, sql.placeholder('viewerId')),
      isBounded
        ? sql`(${notifications.createdAt}, ${notifications.id}) >= (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`
        : undefined,
    );
    return db
      .select({
        scopes: sql<string[]>`array(select distinct page_scope(${notifications.groupId}, kind.name)
          from ${notifications}, (values ('group'), ('queue'), ('posts')) as kind (name)
          where ${mine} and ${notifications.groupId} is not null)::text[]`,
        unscoped: sql<boolean>`exists (select 1 from ${notifications} where ${mine} and ${notifications.groupId} is null
          and ${notifications.targetType} in ('question', 'post', 'session'))`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name);
  });
}

/**
 * One page of the viewer's notifications, newest first, with the actor, group and link: one
 * prepared statement. With a `cache`, served again until something it shows or looked through
 * changes (decision 035): the viewer's notifications (their person scope), the groups of those it
 * looked through (their row, questions and posts: whether a notification is still shown), and the
 * actors shown.
 */
export async function listNotifications(options: {
  db: Database;
  viewer: Viewer;
  cursor?: string | undefined;
  cache?: PageCache<NotificationListResponse> | undefined;
}): Promise<NotificationListResponse> {
  const { db, viewer } = options;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const key = JSON.stringify([viewer.id, after?.key ?? null, after?.id ?? null]);
  return servePage(options.cache, db, key, async () => {
    const pageSize = NOTIFICATION_LIMITS.pageSize;
    const rows = await pageQuery(db, after !== null).execute({
      viewerId: viewer.id,
      ...(after ? { time: after.key, id: after.id } : {}),
    });
    const value = presentPage(rows, pageSize);
    const first = rows[0];
    if (!options.cache || !first) return { value, source: undefined };
    // read after the page: a notification added since is a change the page's snapshot does not see
    const beyond = rows[pageSize];
    const [lookedThrough] = await lookedThroughQuery(db, beyond !== undefined).execute({
      viewerId: viewer.id,
      ...(beyond ? { time: beyond.cursorTime, id: beyond.id } : {}),
    });
    if (!lookedThrough || lookedThrough.unscoped) return { value, source: undefined };
    const scopes = new Set([personScope(viewer.id), ...lookedThrough.scopes]);
    for (const row of rows) if (row.actorId && !row.hidesActor) scopes.add(personScope(row.actorId));
    return { value, source: { scopes: [...scopes], snapshot: first.snapshot } };
  });
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

/** The response of a page of notifications, from its rows (one more than the page when there is a next). */
function presentPage(rows: PageRow[], pageSize: number): NotificationListResponse {
  const page = rows.slice(0, pageSize);

  const last = page.at(-1);
  return {
    notifications: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      actor:
        row.actorId && row.actorUsername !== null && !row.hidesActor
          ? {
              id: row.actorId,
              username: row.actorUsername,
              name: row.actorName ?? '',
              profileImageURL: row.actorImage ?? '',
            }
          : null,
      group:
        row.groupId && row.groupSlug !== null
          ? { id: row.groupId, slug: row.groupSlug, name: row.groupName ?? '' }
          : null,
      targetType: row.targetType,
      targetId: row.targetId,
      excerpt: row.excerpt,
      createdAt: isoTime(row.createdAt),
      readAt: isoTimeOrNull(row.readAt),
      href: notificationHref({
        kind: row.kind,
        targetType: row.targetType,
        targetId: row.targetId,
        groupSlug: row.groupSlug,
        actorUsername: row.hidesActor ? null : row.actorUsername,
        questionSessionId: row.questionSessionId,
      }),
    })),
    nextCursor: rows.length > pageSize && last ? encodeKeyset(last.cursorTime, last.id) : null,
  };
}

/**
 * The most unread notifications the count reports: the bell shows "99+" beyond 99, and counting
 * further would check the visibility of every unread row (25,000 of them took 4.4 s).
 */
export const UNREAD_COUNT_CAP = 100;

/**
 * How many of the viewer's notifications are unread and still about something they may see, up
 * to `UNREAD_COUNT_CAP` (one prepared statement: the newest unread rows through the unread index,
 * stopping at the cap).
 */
export async function countUnread(options: { db: Database; viewer: Viewer }): Promise<number> {
  const { db } = options;
  const query = preparedQuery(db, 'notifications_unread_count', (name) => {
    const viewerId = sql.placeholder('viewerId');
    const unread = db
      .select({ one: sql`1`.as('one') })
      .from(notifications)
      .leftJoin(questions, aboutQuestion)
      .where(and(eq(notifications.userId, viewerId), isNull(notifications.readAt), stillVisibleTo(viewerId)))
      .limit(UNREAD_COUNT_CAP)
      .as('unread');
    return db.select({ count: count() }).from(unread).prepare(name);
  });
  const [row] = await query.execute({ viewerId: options.viewer.id });
  return row?.count ?? 0;
}
