import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminUser } from '#shared/schemas/admin-console.ts';
import type { Queryable } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { viewerEndedEvent } from '../../live/hub.ts';
import { recordAudit } from './audit.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import type { Admin } from './require-admin.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

export const USERS_PAGE_SIZE = 20;

/**
 * Rows of `table` whose `column` names the listed user (written out: drizzle leaves columns of a
 * one-table select unqualified), and `also` of them.
 */
const countOf = (table: 'groups' | 'posts' | 'questions', column: 'owner_id' | 'author_id', also = sql``) =>
  sql<number>`(select count(*)::int from ${sql.identifier(table)} as counted where counted.${sql.identifier(column)} = "users"."id"${also})`;

function selectUsers(db: Queryable, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      followers: users.followers,
      cursorAt: cursorTime(users.createdAt),
      groupCount: countOf('groups', 'owner_id'),
      postCount: countOf('posts', 'author_id'),
      // questions asked under their name: a count that moved with an anonymous one would tell who asked it
      questionCount: countOf('questions', 'author_id', sql` and not counted.is_anonymous`),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

function presentUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    counts: { groups: row.groupCount, posts: row.postCount, questions: row.questionCount, followers: row.followers },
  };
}

/** Accounts, newest first, found by part of the name, @username or e-mail. */
export async function listUsers(options: { db: Queryable; q?: string | undefined; cursor?: string | undefined }) {
  const conditions: SQL[] = [];
  const q = options.q?.replace(/^@/, '');
  if (q) {
    const pattern = likePattern(q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (options.cursor) conditions.push(olderThan(users.createdAt, users.id, options.cursor, 'userId'));
  const rows = await selectUsers(options.db, and(...conditions), USERS_PAGE_SIZE + 1);
  const { page, nextCursor } = newestFirstPage(rows, USERS_PAGE_SIZE);
  return { users: page.map(presentUser), nextCursor };
}

/**
 * Disables or enables an account; the same answer when it already is. Disabling, in one
 * transaction: marks the account, deletes every session of it (its cookies stop at once),
 * records the action and, at commit, ends its live connections on every process. An
 * administrator cannot disable themselves (nobody could enable them again from here).
 */
export async function setUserDisabled(options: {
  transaction: RunInTransaction;
  admin: Admin;
  userId: string;
  isDisabled: boolean;
}): Promise<AdminUser> {
  const { admin, userId, isDisabled } = options;
  if (isDisabled && userId === admin.id) throw conflict(ADMIN_MESSAGES.cannotDisableSelf);
  return options.transaction(async (tx, { emit }) => {
    const [target] = await tx
      .select({ id: users.id, username: users.username, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    const hasChanged = isDisabled !== (target.disabledAt !== null);
    if (hasChanged) {
      await tx
        .update(users)
        .set({ disabledAt: isDisabled ? sql`now()` : null })
        .where(eq(users.id, userId));
      await recordAudit(tx, admin, {
        action: isDisabled ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: userId,
        summary: `${isDisabled ? 'Disabled' : 'Enabled'} @${target.username} (${target.email})`,
      });
    }
    if (isDisabled) {
      // Also when already disabled: a session that slipped in meanwhile goes too.
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      emit(viewerEndedEvent(userId));
    }
    const [row] = await selectUsers(tx, eq(users.id, userId), 1);
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return presentUser(row);
  });
}
