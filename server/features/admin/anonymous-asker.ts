import { eq } from 'drizzle-orm';
import type { AnonymousAskerResponse } from '#shared/schemas/admin-console.ts';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { canRevealAnonymousAuthor } from '#shared/lib/permissions.ts';
import { groups, questions, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound, unauthenticated } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { excerpt, recordAudit } from './audit.ts';
import { NOT_ADMIN_MESSAGE } from './require-admin.ts';

/**
 * Who asked an anonymous question, for an administrator (canRevealAnonymousAuthor): read and
 * recorded in the audit log in one transaction, so no look leaves no trace. The audit row names
 * the question and its group, never the asker (every administrator reads the log). 401 signed out,
 * 403 for anyone else, 404 for no such question, 400 when it was not asked anonymously.
 */
export async function revealAnonymousAsker(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
}): Promise<AnonymousAskerResponse> {
  const { viewer, questionId } = options;
  if (!viewer) throw unauthenticated();
  return options.transaction(async (tx) => {
    // the role is read on every look, so a role taken away stops at once
    const [admin] = await tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, viewer.id))
      .limit(1);
    if (!admin || !canRevealAnonymousAuthor({ isAdmin: admin.role === 'admin' })) throw forbidden(NOT_ADMIN_MESSAGE);
    if (!isUuid(questionId)) throw notFound(FAIR_QUEUE_MESSAGES.questionNotFound);
    const [found] = await tx
      .select({
        body: questions.body,
        isAnonymous: questions.isAnonymous,
        groupId: questions.groupId,
        groupName: groups.name,
        id: users.id,
        username: users.username,
        name: users.name,
      })
      .from(questions)
      .innerJoin(users, eq(users.id, questions.authorId))
      .innerJoin(groups, eq(groups.id, questions.groupId))
      .where(eq(questions.id, questionId))
      .limit(1);
    if (!found) throw notFound(FAIR_QUEUE_MESSAGES.questionNotFound);
    if (!found.isAnonymous) throw badRequest(FAIR_QUEUE_MESSAGES.questionNotAnonymous);
    await recordAudit(
      tx,
      { id: viewer.id, email: admin.email },
      {
        action: 'question.reveal_asker',
        targetType: 'question',
        targetId: questionId,
        summary: `Looked up who asked an anonymous question in "${found.groupName}": "${excerpt(found.body)}"`,
        details: { groupId: found.groupId },
      },
    );
    return { asker: { id: found.id, username: found.username, name: found.name } };
  });
}
