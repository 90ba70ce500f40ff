import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS, type Question } from '#shared/schemas/posts.ts';
import { groups, questions } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
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
}): Promise<Question> {
  const { rateLimit, input } = options;
  const question = await options.transaction(async (tx, { emit }) => {
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
    if (input.sessionId !== undefined && !isGroupId(input.sessionId)) {
      throw badRequest('This session does not exist', { sessionId: 'This session does not exist' });
    }
    await rateLimit.check(QUESTION_RATE_RULES.questionsPerAccount, viewer.id);

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
    return loadQuestion(tx, viewer, row.id);
  });
  if (options.viewer) {
    await rateLimit.hit(QUESTION_RATE_RULES.questionsPerAccount, options.viewer.id).catch(() => undefined);
  }
  return question;
}
