import { and, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MailService } from '../mail/public.ts';
import { questionPagePath } from './notification-href.ts';

/** The kind of the 'newAnswers' e-mail in mail_messages. */
export const NEW_ANSWER_MAIL_KIND = 'new_answer';
/** What a 'newAnswers' e-mail is about, checked again at delivery (see delivery-checks.ts). */
export const QUESTION_ABOUT = 'question';

/** A text cut to `max` characters on one line, with an ellipsis when cut. */
export function clip(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * Queues the 'newAnswers' e-mail of one first answer, inside the answer's transaction (the
 * e-mails exist only if the answer does): one per recipient whose settings want it, never to
 * the answerer, never to a disabled account. Each names its question, so that the delivery
 * check can drop it if the question is hidden or deleted before it goes.
 */
export async function queueNewAnswerMails(options: {
  tx: Transaction;
  mail: MailService;
  publicUrl: string;
  recipientIds: readonly string[];
  /** Recipients who asked a question merged into this one: their e-mail says so. */
  mergedAskerIds?: readonly string[];
  answererId: string;
  answererName: string;
  groupName: string;
  question: { id: string; body: string; authorId: string };
  answerBody: string;
  /** The slug of the question's group: the e-mail links to the question's own page. */
  groupSlug: string;
}): Promise<void> {
  const ids = [...new Set(options.recipientIds)].filter((id) => id !== options.answererId);
  if (ids.length === 0) return;
  const people = await options.tx
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      settings: users.emailSettings,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
  const question = clip(options.question.body, 80);
  const mergedAskers = new Set(options.mergedAskerIds ?? []);
  for (const person of people) {
    if (!person.settings.newAnswers || person.settings.unsubscribedAll) continue;
    const which =
      person.id === options.question.authorId
        ? 'your question'
        : mergedAskers.has(person.id)
          ? 'the question yours was merged into'
          : 'a question you upvoted';
    const rendered = options.mail.render({
      kind: NEW_ANSWER_MAIL_KIND,
      isNotification: true,
      title: `${options.answererName} answered ${which}: “${question}”`,
      paragraphs: [
        `Hi ${person.name.trim() || `@${person.username}`}, ${options.answererName} answered ${which} in ${options.groupName}.`,
        `“${clip(options.question.body, 500)}”`,
        clip(options.answerBody, 1000),
      ],
      action: {
        label: 'See the answer',
        url: `${options.publicUrl}${questionPagePath(options.groupSlug, options.question.id)}`,
      },
      unsubscribe: { userId: person.id, category: 'newAnswers' },
    });
    await options.mail.send(
      { ...rendered, to: person.email, userId: person.id, about: { type: QUESTION_ABOUT, id: options.question.id } },
      { tx: options.tx },
    );
  }
}
