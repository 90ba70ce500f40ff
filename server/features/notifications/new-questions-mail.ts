import { and, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Database } from '../../db/client.ts';
import { groups, mailMessages, notifications, questions, users } from '../../db/schema/index.ts';
import { type MailService, lockMailRecipient } from '../mail/public.ts';
import { clip } from './new-answer-mail.ts';
import { questionPagePath } from './notification-href.ts';

/** The kind of the batched 'newQuestions' e-mail in mail_messages (its newest row is the watermark). */
export const NEW_QUESTIONS_MAIL_KIND = 'new_questions';
/** How many questions an e-mail quotes; the rest are counted ("and 4 more"). */
export const NAMED_QUESTIONS = 3;

// As for new followers: a notification's row carries its transaction's start time but becomes
// visible at commit, so a batch leaves out the last seconds and the next batch takes them.
export const SETTLE_SECONDS = 2;
// Questions older than this are not news any more (say, asked while the setting was off).
const LOOKBACK_SECONDS = 24 * 60 * 60;

/**
 * One run of the batched 'newQuestions' e-mail for one host: in one transaction with the
 * host's row locked, the 'new_question' notifications since their last such e-mail, quoted
 * (up to three) in one e-mail if the settings want it. Returns the seconds after which another
 * run is needed (too soon after the last e-mail, or questions still settling), or null.
 */
export async function runNewQuestionsMail(options: {
  db: Database;
  mail: MailService;
  publicUrl: string;
  hostId: string;
  minIntervalSeconds: number;
}): Promise<number | null> {
  const { hostId, mail } = options;
  return options.db.transaction(async (tx) => {
    const host = await lockMailRecipient(tx, hostId);
    if (!host || host.disabledAt || !host.settings.newQuestions || host.settings.unsubscribedAll) return null;

    const [clock] = await tx
      .select({
        last: max(mailMessages.createdAt),
        sinceLast: sql<number | null>`extract(epoch from now() - max(${mailMessages.createdAt}))::float8`,
      })
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, hostId), eq(mailMessages.kind, NEW_QUESTIONS_MAIL_KIND)));
    const sinceLast = clock?.sinceLast ?? null;
    if (sinceLast !== null && sinceLast < options.minIntervalSeconds) return options.minIntervalSeconds - sinceLast;

    const windowStart =
      sinceLast === null
        ? sql`now() - make_interval(secs => ${LOOKBACK_SECONDS})`
        : sql`greatest(now() - make_interval(secs => ${LOOKBACK_SECONDS}), ${clock?.last ?? null}::timestamptz - make_interval(secs => ${SETTLE_SECONDS}))`;
    const windowEnd = sql`now() - make_interval(secs => ${SETTLE_SECONDS})`;
    const isNewQuestion = and(eq(notifications.userId, hostId), eq(notifications.kind, 'new_question'));
    const asked = await tx
      .select({
        id: questions.id,
        body: questions.body,
        isAnonymous: questions.isAnonymous,
        askerName: users.name,
        askerUsername: users.username,
        groupName: groups.name,
        groupSlug: groups.slug,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(notifications)
      // questions deleted since are left out, and those the host hid already (dealt with)
      .innerJoin(questions, and(sql`${questions.id}::text = ${notifications.targetId}`, eq(questions.isHidden, false)))
      .innerJoin(groups, eq(groups.id, questions.groupId))
      .innerJoin(users, eq(users.id, questions.authorId))
      .where(and(isNewQuestion, gt(notifications.createdAt, windowStart), lte(notifications.createdAt, windowEnd)))
      .orderBy(desc(notifications.createdAt))
      .limit(NAMED_QUESTIONS);
    const [settling] = await tx
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(isNewQuestion, gt(notifications.createdAt, windowEnd)))
      .limit(1);

    const total = asked[0]?.total ?? 0;
    const first = asked[0];
    if (first) {
      const groupNames = new Set(asked.map((row) => row.groupName));
      const where = groupNames.size === 1 ? first.groupName : 'your groups';
      const title =
        total === 1 ? `New question in ${where}: “${clip(first.body, 60)}”` : `${total} new questions in ${where}`;
      const more = total - asked.length;
      const rendered = mail.render({
        kind: NEW_QUESTIONS_MAIL_KIND,
        isNotification: true,
        title,
        paragraphs: [
          `Hi ${host.name.trim() || `@${host.username}`}, people asked ${total === 1 ? 'a new question' : `${total} new questions`} in ${where}.`,
          {
            // each question links to its own page, where the host answers it
            items: asked.map((row) => ({
              text: `“${clip(row.body, 200)}”`,
              url: `${options.publicUrl}${questionPagePath(row.groupSlug, row.id)}`,
              // an anonymous question's e-mail names nobody, as its page does
              note: `(${row.isAnonymous ? ANONYMOUS_AUTHOR.name : row.askerName.trim() || `@${row.askerUsername}`}, ${row.groupName})`,
            })),
          },
          ...(more > 0 ? [`and ${more} more`] : []),
        ],
        // one question: its own page; several: each is linked above, and the button opens the group's questions
        action:
          total === 1
            ? { label: 'Answer it', url: `${options.publicUrl}${questionPagePath(first.groupSlug, first.id)}` }
            : {
                label: 'Answer them',
                url: `${options.publicUrl}/group/${encodeURIComponent(first.groupSlug)}?tab=questions`,
              },
        unsubscribe: { userId: hostId, category: 'newQuestions' },
      });
      await mail.send({ ...rendered, to: host.email, userId: hostId }, { tx });
    }
    return settling ? SETTLE_SECONDS : null;
  });
}
