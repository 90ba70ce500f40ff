import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS, type Question } from '#shared/schemas/posts.ts';
import { amaSessions, groups, questions } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { createNotifications } from '../notifications/create-notifications.ts';
import { authorizeGroupAction } from '../groups/authorize-group-action.ts';
import { isGroupId } from '../groups/cursor.ts';
import type { RunInTransaction } from '../groups/groups-transaction.ts';
import { touchGroupActivity } from '../groups/touch-group-activity.ts';
import { checkText } from './question-text.ts';
import { QUESTION_RATE_RULES } from './rate-rules.ts';
import { loadQuestion } from './select-questions.ts';

/**
 * Asks a question in an ama group (action ask on the questionQueue: subscribers, members and
 * the host). It waits for approval ('pending') when the group asks for that and the asker is
 * not the host; then only the host hears of it (on their user topic) and the group's activity
 * stays put until approval. At most 30 questions an hour per account.
 */
export async function askQuestion(options: {
  transaction: RunInTransaction;
  rateLimit: RateLimiter;
  viewer: Viewer | null;
  groupId: string;
  input: { body: string; sessionId?: string | undefined };
  /** After commit, when someone other than the host asked: schedules the host's batched e-mail. */
  onAsked?: (hostId: string) => Promise<void>;
}): Promise<Question> {
  const { rateLimit, input } = options;
  // Only questions asked count. A unit is taken before the transaction opens (counting on a
  // second pooled connection while the transaction holds one let a burst of asks take every
  // connection and wait for one more) and given back if the ask fails; taken, not checked,
  // so concurrent asks cannot all pass a check before any of them is counted.
  const reservation = options.viewer
    ? await rateLimit.reserve(QUESTION_RATE_RULES.questionsPerAccount, options.viewer.id)
    : null;
  let hostToTell: string | null = null;
  const question = await options
    .transaction(async (tx, { emit }) => {
      const { viewer, group, access } = await authorizeGroupAction({
        db: tx,
        viewer: options.viewer,
        groupId: options.groupId,
        action: 'ask',
        target: 'questionQueue',
      });
      const [settings] = await tx
        .select({ ama: groups.ama, questionsNeedApproval: groups.questionsNeedApproval })
        .from(groups)
        .where(eq(groups.id, group.id));
      if (!settings?.ama) throw badRequest(CONTENT_MESSAGES.questionsOnlyInAma);
      const body = checkText(input.body, 'question');
      if (input.sessionId !== undefined) {
        // a session of another group would show the question in a queue it was not asked in
        const [session] = isGroupId(input.sessionId)
          ? await tx
              .select({ groupId: amaSessions.groupId })
              .from(amaSessions)
              .where(eq(amaSessions.id, input.sessionId))
          : [];
        if (!session) throw badRequest(SESSION_MESSAGES.notFound, { sessionId: SESSION_MESSAGES.notFound });
        if (session.groupId !== group.id) {
          throw badRequest(SESSION_MESSAGES.sessionOfOtherGroup, { sessionId: SESSION_MESSAGES.sessionOfOtherGroup });
        }
      }

      const status = settings.questionsNeedApproval && access.role !== 'host' ? 'pending' : 'open';
      const [row] = await tx
        .insert(questions)
        .values({ groupId: group.id, authorId: viewer.id, body, status, sessionId: input.sessionId ?? null })
        .returning({ id: questions.id });
      if (!row) throw new Error('the new question was not returned');
      if (status === 'open') await touchGroupActivity(tx, group.id);
      emit({
        topic: status === 'open' ? groupTopic(group.id) : userTopic(group.ownerId),
        event: CONTENT_LIVE_EVENTS.questionCreated,
        ids: { groupId: group.id, questionId: row.id },
        data: { status },
      });
      // the host hears of every question, pending ones too: those wait for their approval
      await createNotifications(tx, emit, [
        {
          userId: group.ownerId,
          kind: 'new_question',
          actorId: viewer.id,
          groupId: group.id,
          targetType: 'question',
          targetId: row.id,
          excerpt: body,
        },
      ]);
      if (group.ownerId !== viewer.id) hostToTell = group.ownerId;
      return loadQuestion(tx, viewer, row.id);
    })
    .catch(async (error: unknown) => {
      await reservation?.release().catch(() => undefined);
      throw error;
    });
  if (hostToTell !== null && options.onAsked) {
    // the question stands even if its e-mail cannot be scheduled; the next question's job covers it
    await options.onAsked(hostToTell).catch(() => undefined);
  }
  return question;
}
