import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NEW_ITEMS_COUNT_CAP } from '#shared/constants/limits.ts';
import type { SubscriptionListResponse } from '#shared/schemas/groups.ts';
import type { Database } from '../../db/client.ts';
import { currentSnapshot, pageScope, personScope, serveChosenPage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { answers, groupSubscriptions, groups, questions, users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentSubscriptionItem } from './presenter.ts';
import { cursorTime, decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { requireViewer } from '../../lib/viewer.ts';

const sortTime = sql`coalesce(${groups.lastActivityAt}, ${groupSubscriptions.createdAt})`;

/**
 * A page of a person's subscriptions, first or after a cursor (prepared once per shape). The page
 * is chosen from the subscriptions and their groups alone; the hosts and the counts are looked up
 * for its rows only (a person subscribes to 50 groups for a page of 20).
 */
function pageQuery(db: Database, after: boolean) {
  return preparedQuery(db, `subscriptions_page_${after ? 'after' : 'first'}`, (name) => {
    const conditions: SQL[] = [eq(groupSubscriptions.userId, sql.placeholder('viewerId')), eq(groups.ama, true)];
    if (after) {
      conditions.push(
        sql`(${sortTime}, ${groups.id}) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      );
    }
    const page = db
      .select({
        groupId: groups.id,
        groupSlug: groups.slug,
        groupName: groups.name,
        groupImage: groups.groupImage,
        ownerId: groups.ownerId,
        subscribedAt: groupSubscriptions.createdAt,
        lastViewedAt: groupSubscriptions.lastViewedAt,
        lastActivityAt: groups.lastActivityAt,
        sortTime: sortTime.as('sort_time'),
      })
      .from(groupSubscriptions)
      .innerJoin(groups, eq(groups.id, groupSubscriptions.groupId))
      .where(and(...conditions))
      .orderBy(desc(sortTime), desc(groups.id))
      .limit(sql.placeholder('limit'))
      .as('page');
    const since = sql`coalesce(${page.lastViewedAt}, '-infinity'::timestamptz)`;
    return db
      .select({
        groupId: page.groupId,
        groupSlug: page.groupSlug,
        groupName: page.groupName,
        groupImage: page.groupImage,
        ownerId: page.ownerId,
        creatorName: users.name,
        creatorProfileImage: users.profileImageUrl,
        creatorUsername: users.username,
        subscribedAt: page.subscribedAt,
        lastViewedAt: page.lastViewedAt,
        lastActivityAt: page.lastActivityAt,
        hasNewActivity: sql<boolean>`(${page.lastActivityAt} is not null and (${page.lastViewedAt} is null or ${page.lastActivityAt} > ${page.lastViewedAt}))`,
        // counted per group, up to NEW_ITEMS_COUNT_CAP each, from an index alone:
        // questions_group_created_idx (which includes status and is_hidden, migration 0023) and
        // answers_group_visible_idx (answers whose question is not hidden). The index range is
        // the rows since the last visit (a condition the index can use: `last_viewed_at is null
        // or …` made it read every row of the group), newest first, so the scan stops at the cap
        newQuestionsCount: sql<number>`(select count(*)::int from (select 1 from ${questions} where ${questions.groupId} = ${page.groupId}
          and ${questions.status} <> 'pending' and not ${questions.isHidden}
          and ${questions.createdAt} > ${since}
          order by ${questions.createdAt} desc limit ${sql.raw(String(NEW_ITEMS_COUNT_CAP))}) as "new_questions")`,
        newAnswersCount: sql<number>`(select count(*)::int from (select 1 from ${answers}
          where ${answers.groupId} = ${page.groupId} and not ${answers.questionHidden}
          and ${answers.createdAt} > ${since}
          order by ${answers.createdAt} desc limit ${sql.raw(String(NEW_ITEMS_COUNT_CAP))}) as "new_answers")`,
        cursorTime: cursorTime(page.sortTime),
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.ownerId))
      .orderBy(desc(page.sortTime), desc(page.groupId))
      .prepare(name);
  });
}

/**
 * What a page of subscriptions is chosen from (decision 035), read before the page: the snapshot,
 * and the 'group' scopes of every group the viewer subscribes to (a group's new activity may bring
 * it to the first page). The viewer's own scope covers the subscriptions.
 */
function scopesQuery(db: Database) {
  return preparedQuery(db, 'subscriptions_page_scopes', (name) =>
    db
      .select({
        snapshot: currentSnapshot,
        scopes: sql<string[]>`array(select page_scope(${groupSubscriptions.groupId}, 'group') from ${groupSubscriptions}
          where ${groupSubscriptions.userId} = ${sql.placeholder('viewerId')})::text[]`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name),
  );
}

/**
 * One page of the viewer's subscriptions: only ama groups, the
 * liveliest first — by the group's last activity, or the subscription's time before any —
 * then by group id. One prepared statement, the group and its owner joined; a keyset cursor on
 * (sort time, group id). hasNewActivity is computed in SQL, to the microsecond, and so are the
 * questions (visible: open or answered, not hidden) and answers made since the last visit —
 * all of them before any visit — each up to NEW_ITEMS_COUNT_CAP. With a `cache`, served again
 * until something it shows or was chosen from changes (decision 035).
 */
export async function listSubscriptions(options: {
  db: Database;
  viewer: Viewer | null;
  cursor?: string | undefined;
  limit: number;
  cache?: PageCache<SubscriptionListResponse> | undefined;
}): Promise<SubscriptionListResponse> {
  const { db, limit, cache } = options;
  const viewer = requireViewer(options.viewer);
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const readPage = async () => {
    const rows = await pageQuery(db, after !== null).execute({
      viewerId: viewer.id,
      limit: limit + 1,
      ...(after ? { time: after.key, id: after.id } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const value: SubscriptionListResponse = {
      subscriptions: page.map(presentSubscriptionItem),
      nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorTime, last.groupId) : null,
    };
    return { rows: page, value };
  };
  const key = JSON.stringify([viewer.id, limit, after?.key ?? null, after?.id ?? null]);
  return serveChosenPage(cache, db, key, {
    chosenFrom: async () => {
      const [row] = await scopesQuery(db).execute({ viewerId: viewer.id });
      return row && { snapshot: row.snapshot, scopes: [personScope(viewer.id), ...row.scopes] };
    },
    read: readPage,
    // the new questions and answers counted, and the host shown
    shownScopes: (rows) => rows.flatMap((row) => [pageScope(row.groupId, 'queue'), personScope(row.ownerId)]),
  });
}
