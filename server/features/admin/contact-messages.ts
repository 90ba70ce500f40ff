import { aliasedTable, and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminContactMessage, type AdminContactStatus } from '#shared/schemas/admin-console.ts';
import type { Queryable } from '../../db/client.ts';
import { contactMessages, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { excerpt, recordAudit } from './audit.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';
import type { Admin } from './require-admin.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

export const CONTACT_PAGE_SIZE = 20;

const sender = aliasedTable(users, 'sender');
const handler = aliasedTable(users, 'handler');

function selectMessages(db: Queryable, where: SQL | undefined, limit: number) {
  return db
    .select({
      message: contactMessages,
      cursorAt: cursorTime(contactMessages.createdAt),
      senderId: sender.id,
      senderUsername: sender.username,
      senderName: sender.name,
      handlerId: handler.id,
      handlerUsername: handler.username,
      handlerName: handler.name,
    })
    .from(contactMessages)
    .leftJoin(sender, eq(sender.id, contactMessages.userId))
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectMessages>>[number];

function present(row: Row): AdminContactMessage {
  const { message } = row;
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    topic: message.topic,
    message: message.message,
    sender:
      row.senderId && row.senderUsername !== null && row.senderName !== null
        ? { id: row.senderId, username: row.senderUsername, name: row.senderName }
        : null,
    createdAt: message.createdAt.toISOString(),
    handledAt: message.handledAt?.toISOString() ?? null,
    handledBy:
      row.handlerId && row.handlerUsername !== null && row.handlerName !== null
        ? { id: row.handlerId, username: row.handlerUsername, name: row.handlerName }
        : null,
  };
}

/** Messages sent through /contact, newest first: the open ones, the handled ones, or all. */
export async function listContactMessages(options: {
  db: Queryable;
  status: AdminContactStatus;
  cursor?: string | undefined;
}) {
  const conditions: SQL[] = [];
  if (options.status === 'open') conditions.push(isNull(contactMessages.handledAt));
  if (options.status === 'handled') conditions.push(isNotNull(contactMessages.handledAt));
  if (options.cursor) {
    conditions.push(olderThan(contactMessages.createdAt, contactMessages.id, options.cursor, 'uuid'));
  }
  const rows = await selectMessages(options.db, and(...conditions), CONTACT_PAGE_SIZE + 1);
  const page = newestFirstPage(
    rows.map((row) => ({ ...row, id: row.message.id })),
    CONTACT_PAGE_SIZE,
  );
  return { messages: page.page.map(present), nextCursor: page.nextCursor };
}

/** Marks a message handled (by this administrator) or open again; the same answer when it already is. */
export async function setContactMessageHandled(options: {
  transaction: RunInTransaction;
  admin: Admin;
  messageId: string;
  isHandled: boolean;
}): Promise<AdminContactMessage> {
  const { admin, messageId, isHandled } = options;
  if (!isUuid(messageId)) throw notFound(ADMIN_MESSAGES.contactNotFound);
  return options.transaction(async (tx) => {
    const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
    if (!current) throw notFound(ADMIN_MESSAGES.contactNotFound);
    if (isHandled !== (current.handledAt !== null)) {
      await tx
        .update(contactMessages)
        .set(isHandled ? { handledAt: sql`now()`, handledBy: admin.id } : { handledAt: null, handledBy: null })
        .where(eq(contactMessages.id, messageId));
      await recordAudit(tx, admin, {
        action: isHandled ? 'contact.handle' : 'contact.reopen',
        targetType: 'contact_message',
        targetId: messageId,
        summary: `${isHandled ? 'Marked handled' : 'Reopened'} the message of ${current.name} (${current.email}): "${excerpt(current.message, 60)}"`,
      });
    }
    const [row] = await selectMessages(tx, eq(contactMessages.id, messageId), 1);
    if (!row) throw notFound(ADMIN_MESSAGES.contactNotFound);
    return present(row);
  });
}
