import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { answers, groups, groupSubscriptions, mailMessages, questions, users } from '../../db/schema/index.ts';
import { type MailService, lockMailRecipient } from '../mail/public.ts';
import { clip } from './new-answer-mail.ts';

/** The kind of the weekly digest in mail_messages. */
export const WEEKLY_DIGEST_MAIL_KIND = 'weekly_digest';
/** How many questions, and how many answers, a digest lists. */
export const DIGEST_ITEMS = 5;
/** Default schedule: Mondays at 08:00 UTC. */
export const WEEKLY_DIGEST_CRON = '0 8 * * 1';

const WEEK = sql`now() - interval '7 days'`;
// A rerun of the same week's job (a retry, two processes) does not send a second digest.
const RESEND_AFTER = sql`now() - interval '6 days'`;
const USERS_PER_PAGE = 500;

/**
 * The weekly digest: for every person who turned 'weeklyDigest' on (and not unsubscribedAll),
 * the most upvoted questions and answers of the week in the groups they subscribe to; people
 * with nothing to show, and disabled accounts, get nothing. Only what everyone may see is
 * listed (no pending or hidden question, nor an answer to one), read when the digest is made.
 * Returns how many digests were queued.
 */
export async function runWeeklyDigest(options: {
  db: Database;
  mail: MailService;
  publicUrl: string;
}): Promise<number> {
  const { db } = options;
  let sent = 0;
  let afterId = '';
  for (;;) {
    const page = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`(${users.emailSettings} ->> 'weeklyDigest')::boolean is true`,
          sql`(${users.emailSettings} ->> 'unsubscribedAll')::boolean is not true`,
          isNull(users.disabledAt),
          gt(users.id, afterId),
        ),
      )
      .orderBy(asc(users.id))
      .limit(USERS_PER_PAGE);
    for (const { id } of page) {
      if (await sendDigest({ ...options, userId: id })) sent += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < USERS_PER_PAGE) return sent;
    afterId = last.id;
  }
}

async function sendDigest(options: {
  db: Database;
  mail: MailService;
  publicUrl: string;
  userId: string;
}): Promise<boolean> {
  const { userId, publicUrl } = options;
  return options.db.transaction(async (tx) => {
    const person = await lockMailRecipient(tx, userId);
    // settings or the account may have changed since the page of people was read
    if (!person || person.disabledAt || !person.settings.weeklyDigest || person.settings.unsubscribedAll) return false;
    const [recent] = await tx
      .select({ one: sql`1` })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.userId, userId),
          eq(mailMessages.kind, WEEKLY_DIGEST_MAIL_KIND),
          gt(mailMessages.createdAt, RESEND_AFTER),
        ),
      )
      .limit(1);
    if (recent) return false;

    const subscribed = tx
      .select({ groupId: groupSubscriptions.groupId })
      .from(groupSubscriptions)
      .where(eq(groupSubscriptions.userId, userId));
    // a merged question's votes went to the question it repeats, which stands for both
    const isVisible = and(
      ne(questions.status, 'pending'),
      eq(questions.isHidden, false),
      isNull(questions.mergedIntoId),
    );
    const topQuestions = await tx
      .select({ body: questions.body, likeCount: questions.likeCount, groupName: groups.name, groupSlug: groups.slug })
      .from(questions)
      .innerJoin(groups, eq(groups.id, questions.groupId))
      .where(and(inArray(questions.groupId, subscribed), isVisible, gt(questions.createdAt, WEEK)))
      .orderBy(desc(questions.likeCount), asc(questions.createdAt))
      .limit(DIGEST_ITEMS);
    const topAnswers = await tx
      .select({ question: questions.body, body: answers.body, groupName: groups.name })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .innerJoin(groups, eq(groups.id, answers.groupId))
      .where(and(inArray(answers.groupId, subscribed), isVisible, gt(answers.createdAt, WEEK)))
      .orderBy(desc(answers.likeCount), desc(questions.likeCount), asc(answers.createdAt))
      .limit(DIGEST_ITEMS);
    if (topQuestions.length === 0 && topAnswers.length === 0) return false;

    const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;
    const rendered = options.mail.render({
      kind: WEEKLY_DIGEST_MAIL_KIND,
      isNotification: true,
      title: 'Your week on Townhall',
      paragraphs: [
        `Hi ${person.name.trim() || `@${person.username}`}, here is what your groups talked about this week.`,
        ...(topQuestions.length > 0
          ? [
              `Top questions\n${topQuestions
                .map((row) => `• “${clip(row.body, 200)}” (${row.groupName}, ${votes(row.likeCount)})`)
                .join('\n')}`,
            ]
          : []),
        ...(topAnswers.length > 0
          ? [
              `Top answers\n${topAnswers
                .map((row) => `• “${clip(row.question, 120)}” (${row.groupName})\n  ${clip(row.body, 300)}`)
                .join('\n')}`,
            ]
          : []),
      ],
      action: { label: 'Open Townhall', url: `${publicUrl}/home` },
      unsubscribe: { userId, category: 'weeklyDigest' },
    });
    await options.mail.send({ ...rendered, to: person.email, userId }, { tx });
    return true;
  });
}
