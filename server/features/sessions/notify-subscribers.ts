import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { groupSubscriptions, users, type NotificationKind } from '../../db/schema/index.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import type { MailService } from '../mail/public.ts';
import { createNotifications, SESSION_ABOUT } from '../notifications/public.ts';

/** The kind of the 'newAMAs' e-mail in mail_messages. */
export const NEW_AMA_MAIL_KIND = 'new_ama';

interface SessionNotice {
  id: string;
  groupId: string;
  hostId: string;
  title: string;
  startsAt: Date;
  groupName: string;
}

/** The group's subscribers whose accounts are in use (a disabled one is told nothing). */
async function subscribersOf(tx: Transaction, groupId: string) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      settings: users.emailSettings,
    })
    .from(groupSubscriptions)
    .innerJoin(users, eq(users.id, groupSubscriptions.userId))
    .where(and(eq(groupSubscriptions.groupId, groupId), isNull(users.disabledAt)));
}

/** In-app notifications of `kind` about a session to every subscriber of its group; returns them. */
async function notifyInApp(
  tx: Transaction,
  emit: TransactionContext['emit'],
  kind: NotificationKind,
  session: SessionNotice,
) {
  const subscribers = await subscribersOf(tx, session.groupId);
  await createNotifications(
    tx,
    emit,
    subscribers.map((person) => ({
      userId: person.id,
      kind,
      actorId: session.hostId,
      groupId: session.groupId,
      targetType: 'session',
      targetId: session.id,
      excerpt: session.title,
    })),
  );
  return subscribers;
}

/**
 * A session was scheduled: 'new_ama' in-app to every subscriber and the 'newAMAs' e-mail to
 * those whose settings allow it, in the caller's transaction (both or neither). The e-mails
 * go through the durable queue, one row each; a group with a very large audience would want a
 * job that fans out instead.
 */
export async function notifySessionScheduled(options: {
  tx: Transaction;
  emit: TransactionContext['emit'];
  mail: MailService;
  publicUrl: string;
  session: SessionNotice;
}): Promise<void> {
  const { tx, mail, session } = options;
  const subscribers = await notifyInApp(tx, options.emit, 'new_ama', session);
  const url = `${options.publicUrl}/event/${session.id}`;
  for (const person of subscribers) {
    if (person.id === session.hostId || !person.settings.newAMAs || person.settings.unsubscribedAll) continue;
    const rendered = mail.render({
      kind: NEW_AMA_MAIL_KIND,
      isNotification: true,
      title: `New AMA in ${session.groupName}: ${session.title}`.slice(0, 200),
      paragraphs: [
        `Hi ${person.name.trim() || `@${person.username}`}, a new AMA session was scheduled in ${session.groupName}.`,
        `${session.title}\nStarts ${session.startsAt.toUTCString()}.`,
        'You can already ask your questions on the session page.',
      ],
      action: { label: 'See the session', url },
      unsubscribe: { userId: person.id, category: 'newAMAs' },
    });
    await mail.send(
      { ...rendered, to: person.email, userId: person.id, about: { type: SESSION_ABOUT, id: session.id } },
      { tx },
    );
  }
}

/** The host started the session: an 'ama_starting' reminder in-app to every subscriber. */
export async function notifySessionStarting(options: {
  tx: Transaction;
  emit: TransactionContext['emit'];
  session: SessionNotice;
}): Promise<void> {
  await notifyInApp(options.tx, options.emit, 'ama_starting', options.session);
}
