import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { groups, likes, questions, users } from '../../db/schema/index.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import type { MailService } from '../mail/public.ts';
import { createNotifications } from './create-notifications.ts';
import { clip, QUESTION_ABOUT } from './new-answer-mail.ts';
import { notificationHref } from './notification-href.ts';

/** The kind of the e-mail of a question merged or carried over, in mail_messages. */
export const QUESTION_MOVED_MAIL_KIND = 'question_moved';

/** One question that moved: merged into another, or carried to another session or the answer-later list. */
export interface MovedQuestion {
  /** The question that moved. */
  id: string;
  groupId: string;
  body: string;
  authorId: string;
  /** Merged: the question it went into (the notification opens it). Carried: the question itself. */
  targetQuestionId: string;
  /** Carried: the session it went to, null for the answer-later list. Merged: the target's session. */
  targetSessionId: string | null;
  /** Words naming where it went, e.g. “Ask me anything, part 2” or “the answer-later list”. */
  destination: string;
  /**
   * Merged: the question it went into was answered already, so no answer is to come (its first
   * answer's news went out before this question joined it): the e-mail says the answer is there.
   */
  targetAnswered?: boolean;
}

/**
 * Tells the asker and the voters of each moved question, in the move's transaction: an in-app
 * notification ('question_merged' or 'question_carried') and, when their settings want news of
 * their questions' answers ('newAnswers'), an e-mail. Never the person who moved it; never an
 * anonymous asker's name (the texts name nobody). The e-mail links to the exact question or
 * session, and is checked again at delivery like every question e-mail.
 */
export async function notifyQuestionsMoved(options: {
  tx: Transaction;
  emit: TransactionContext['emit'];
  mail: { service: MailService; publicUrl: string } | undefined;
  kind: 'question_merged' | 'question_carried';
  actorId: string;
  /** Show nobody as the notification's actor: the asker of an anonymous question merged it themselves. */
  hideActor?: boolean;
  moved: readonly MovedQuestion[];
}): Promise<void> {
  const { tx, moved } = options;
  if (moved.length === 0) return;
  const ids = moved.map((question) => question.id);
  const voterRows = await tx
    .select({ questionId: likes.targetId, userId: likes.userId })
    .from(likes)
    .where(and(eq(likes.targetType, 'question'), inArray(likes.targetId, ids)));
  const [group] = await tx
    .select({ slug: groups.slug, name: groups.name })
    .from(groups)
    .innerJoin(questions, eq(questions.groupId, groups.id))
    .where(eq(questions.id, moved[0]!.id))
    .limit(1);
  const recipientsOf = (question: MovedQuestion) => [
    ...new Set([
      question.authorId,
      ...voterRows.filter((row) => row.questionId === question.id).map((row) => row.userId),
    ]),
  ];
  await createNotifications(
    tx,
    options.emit,
    moved.flatMap((question) =>
      recipientsOf(question)
        .filter((userId) => userId !== options.actorId)
        .map((userId) => ({
          userId,
          kind: options.kind,
          actorId: options.hideActor ? null : options.actorId,
          groupId: question.groupId,
          targetType: 'question',
          targetId: question.targetQuestionId,
          excerpt: question.body,
        })),
    ),
  );
  if (!options.mail || !group) return;
  const allIds = [...new Set(moved.flatMap(recipientsOf))].filter((id) => id !== options.actorId);
  if (allIds.length === 0) return;
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      settings: users.emailSettings,
    })
    .from(users)
    .where(and(inArray(users.id, allIds), isNull(users.disabledAt)));
  const byId = new Map(people.map((person) => [person.id, person]));
  for (const question of moved) {
    const href = notificationHref({
      kind: options.kind,
      targetType: 'question',
      targetId: question.targetQuestionId,
      groupSlug: group.slug,
      actorUsername: null,
      questionSessionId: question.targetSessionId,
    });
    for (const userId of recipientsOf(question)) {
      const person = userId === options.actorId ? undefined : byId.get(userId);
      if (!person || !person.settings.newAnswers || person.settings.unsubscribedAll) continue;
      const yours = person.id === question.authorId ? 'Your question' : 'A question you upvoted';
      const text = clip(question.body, 80);
      const answered = options.kind === 'question_merged' && question.targetAnswered === true;
      const rendered = options.mail.service.render({
        kind: QUESTION_MOVED_MAIL_KIND,
        isNotification: true,
        title:
          options.kind === 'question_merged'
            ? `${yours} was merged into ${answered ? 'an answered question' : 'another'}: “${text}”`
            : `${yours} was carried over to ${question.destination}: “${text}”`,
        paragraphs: [
          `Hi ${person.name.trim() || `@${person.username}`}, ${yours.toLowerCase()} in ${group.name} ${
            options.kind === 'question_merged'
              ? `was merged into another question that asks the same, and its votes went with it. ${
                  answered
                    ? 'That question was answered already: see the answer there.'
                    : 'The answer will come on that question.'
                }`
              : `was not answered in its session, so the host carried it over to ${question.destination}, votes and all.`
          }`,
          `“${clip(question.body, 500)}”`,
        ],
        action: {
          label: answered
            ? 'See the answer'
            : options.kind === 'question_merged'
              ? 'See the question'
              : 'See where it went',
          url: `${options.mail.publicUrl}${href}`,
        },
        unsubscribe: { userId: person.id, category: 'newAnswers' },
      });
      await options.mail.service.send(
        {
          ...rendered,
          to: person.email,
          userId: person.id,
          about: { type: QUESTION_ABOUT, id: question.targetQuestionId },
        },
        { tx },
      );
    }
  }
}
