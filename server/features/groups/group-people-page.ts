import { sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { Database } from '../../db/client.ts';
import { groupMembers, groupSubscriptions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { cursorTime, decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';

/** A person on a page of a group's members or subscribers, with the time their row was made. */
export type GroupPersonRow = {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
  createdAt: Date;
  /** A membership is never updated: its created at. */
  updatedAt: Date;
  cursorTime: string;
};

const TABLES = { members: groupMembers, subscribers: groupSubscriptions } as const;

/**
 * One page of a group's members or subscribers, newest first (keyset on the row's created at
 * and user id, the order of its (group_id, created_at desc, user_id desc) index), and whether the
 * group exists, in one prepared statement: the group's row, then its page through a lateral join
 * (a group with nobody yet gives one row without a person).
 */
function pageQuery(db: Database, list: keyof typeof TABLES, after: boolean) {
  return preparedQuery(db, `group_${list}_page_${after ? 'after' : 'first'}`, (name) => {
    const table = TABLES[list];
    const updatedAt = list === 'subscribers' ? sql`"people"."updated_at"` : sql`"people"."created_at"`;
    const before = after
      ? sql`and ("people"."created_at", "people"."user_id") < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('userId')})`
      : sql``;
    return db
      .select({
        id: sql<string | null>`"page"."id"`,
        username: sql<string>`"page"."username"`,
        name: sql<string>`"page"."name"`,
        profileImageUrl: sql<string>`"page"."profile_image_url"`,
        createdAt: sql<Date>`"page"."created_at"`.mapWith(table.createdAt),
        updatedAt: sql<Date>`"page"."updated_at"`.mapWith(groupSubscriptions.updatedAt),
        cursorTime: sql<string>`"page"."cursor_time"`,
      })
      .from(
        sql`"groups" left join lateral (
          select "u"."id", "u"."username", "u"."name", "u"."profile_image_url",
            "people"."created_at", ${updatedAt} as "updated_at",
            ${cursorTime(sql`"people"."created_at"`)} as "cursor_time"
          from ${table} "people" join "users" "u" on "u"."id" = "people"."user_id"
          where "people"."group_id" = "groups"."id" ${before}
          order by "people"."created_at" desc, "people"."user_id" desc
          limit ${sql.placeholder('limit')}
        ) "page" on true`,
      )
      .where(sql`"groups"."id" = ${sql.placeholder('groupId')}`)
      .prepare(name);
  });
}

/** A page of `list` of the group (404 for a group that does not exist), and the next cursor. */
export async function groupPeoplePage(options: {
  db: Database;
  list: keyof typeof TABLES;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<{ people: GroupPersonRow[]; nextCursor: string | null }> {
  const { db, groupId, limit } = options;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'userId' }) : null;
  const rows = await pageQuery(db, options.list, after !== null).execute({
    groupId,
    limit: limit + 1,
    ...(after ? { time: after.key, userId: after.id } : {}),
  });
  if (rows.length === 0) throw notFound(GROUP_MESSAGES.notFound);
  const people = rows.filter((row): row is GroupPersonRow => row.id !== null);
  const page = people.slice(0, limit);
  const last = page.at(-1);
  return { people: page, nextCursor: people.length > limit && last ? encodeKeyset(last.cursorTime, last.id) : null };
}
