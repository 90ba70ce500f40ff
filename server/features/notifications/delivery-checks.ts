import { and, eq, sql } from 'drizzle-orm';
import { amaSessions, groups, questions } from '../../db/schema/index.ts';
import type { DeliveryCheck } from '../mail/public.ts';
import { QUESTION_ABOUT } from './new-answer-mail.ts';

/** The reasons of the content check, as /admin/mail shows them. */
export const CONTENT_CANCEL_REASONS = {
  question: 'Not sent: the question was deleted, or hidden from the recipient, before the e-mail went out.',
  session: 'Not sent: the session was deleted before the e-mail went out.',
} as const;

/** What a 'newAMAs' e-mail is about, checked again at delivery (a deleted session sends nothing). */
export const SESSION_ABOUT = 'session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A notification e-mail goes out only while its recipient may still see what it is about,
 * asked again at delivery (an e-mail may wait in the queue, retries included, for hours): a
 * question by the rule of the question lists (open or answered and not hidden; always to its
 * author and the group's host), a session while it exists (with its group).
 */
export const notificationContentCheck: DeliveryCheck = async ({ db, message }) => {
  const { aboutType, aboutId, userId } = message;
  if (aboutType === null || aboutId === null) return null;
  if (aboutType === QUESTION_ABOUT) {
    if (!UUID.test(aboutId)) return CONTENT_CANCEL_REASONS.question;
    const isVisible = sql`(${questions.status} <> 'pending' and not ${questions.isHidden})`;
    const [row] = await db
      .select({ one: sql`1` })
      .from(questions)
      .innerJoin(groups, eq(groups.id, questions.groupId))
      .where(
        and(
          eq(questions.id, aboutId),
          userId === null
            ? isVisible
            : sql`(${isVisible} or ${questions.authorId} = ${userId} or ${groups.ownerId} = ${userId})`,
        ),
      )
      .limit(1);
    return row ? null : CONTENT_CANCEL_REASONS.question;
  }
  if (aboutType === SESSION_ABOUT) {
    if (!UUID.test(aboutId)) return CONTENT_CANCEL_REASONS.session;
    const [row] = await db
      .select({ one: sql`1` })
      .from(amaSessions)
      .innerJoin(groups, eq(groups.id, amaSessions.groupId))
      .where(eq(amaSessions.id, aboutId))
      .limit(1);
    return row ? null : CONTENT_CANCEL_REASONS.session;
  }
  return null;
};
