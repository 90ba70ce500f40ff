import { sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { canAskAnonymously, openQuestionCapFor } from '#shared/lib/permissions.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Question } from '#shared/schemas/questions.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { NOTIFICATION_CREATED_EVENT } from '../notifications/public.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { checkText } from './question-text.ts';
import { QUESTION_RATE_RULES } from './rate-rules.ts';
import { presentQuestion } from './presenter.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { checkOpenQuestionCap } from './fair-queue-cap.ts';

/**
 * Asks a question in an ama group (action ask on the questionQueue: subscribers, members and
 * the host). It waits for approval ('pending') when the group asks for that and the asker is
 * not the host; then only the host hears of it (on their user topic) and the group's activity
 * stays put until approval. At most 30 questions an hour per account.
 *
 * Anonymous (`input.anonymous`, where canAskAnonymously allows it, else 400): the row keeps its
 * real author (rate limits, bans and the asker's own view work as for any question) and is marked
 * is_anonymous, so every reader sees "Anonymous" and the host's notification names no actor.
 * A group's cap on open questions (fair queue, see fair-queue-cap.ts) answers 409 beyond it.
 */
export async function askQuestion(options: {
  transaction: RunInTransaction;
  rateLimit: RateLimiter;
  viewer: Viewer | null;
  groupId: string;
  input: { body: string; sessionId?: string | undefined; anonymous?: boolean | undefined };
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
      const sessionId = input.sessionId;
      // One statement reads the rule's inputs and the ask's own: the group's settings, whether
      // its host can be notified, and the group of the session named (a malformed id: none).
      const { viewer, group, access, extra } = await authorizeGroupAction({
        db: tx,
        viewer: options.viewer,
        groupId: options.groupId,
        action: 'ask',
        target: 'questionQueue',
        // the group row first, then the asker's (the question copies their name under a FOR SHARE
        // lock, decision 033): the order a group's deletion and a subscription take them in
        lock: true,
        columns: {
          ama: sql`"groups"."ama"`,
          questionsNeedApproval: sql`"groups"."questions_need_approval"`,
          anonymousQuestions: sql`"groups"."anonymous_questions"`,
          openQuestionCap: sql`"groups"."open_question_cap"`,
          hostIsActive: sql`exists (select 1 from "users" "host" where "host"."id" = "groups"."owner_id" and "host"."disabled_at" is null)`,
          ...(sessionId !== undefined && isUuid(sessionId)
            ? { sessionGroupId: sql`(select "s"."group_id" from "ama_sessions" "s" where "s"."id" = ${sessionId})` }
            : {}),
        },
      });
      if (extra.ama !== true) throw badRequest(CONTENT_MESSAGES.questionsOnlyInAma);
      const body = checkText(input.body, 'question');
      if (sessionId !== undefined) {
        // a session of another group would show the question in a queue it was not asked in
        const sessionGroupId = extra.sessionGroupId;
        if (typeof sessionGroupId !== 'string') {
          throw badRequest(SESSION_MESSAGES.notFound, { sessionId: SESSION_MESSAGES.notFound });
        }
        if (sessionGroupId !== group.id) {
          throw badRequest(SESSION_MESSAGES.sessionOfOtherGroup, { sessionId: SESSION_MESSAGES.sessionOfOtherGroup });
        }
      }
      const isAnonymous = input.anonymous === true;
      if (isAnonymous && !canAskAnonymously(access.role, { anonymousQuestions: extra.anonymousQuestions === true })) {
        throw badRequest(FAIR_QUEUE_MESSAGES.anonymousNotAllowed, {
          anonymous: FAIR_QUEUE_MESSAGES.anonymousNotAllowed,
        });
      }
      // The group row is locked (above) for the rest of the ask: asks in one group run one after
      // another, so two at once cannot both pass the cap.
      const cap = openQuestionCapFor(access.role, {
        openQuestionCap: typeof extra.openQuestionCap === 'number' ? extra.openQuestionCap : null,
      });
      if (cap !== null) {
        await checkOpenQuestionCap(tx, { groupId: group.id, askerId: viewer.id, cap });
      }

      const status = extra.questionsNeedApproval === true && access.role !== 'host' ? 'pending' : 'open';
      // the host hears of every question, pending ones too (those wait for their approval), as
      // createNotifications does it: not of their own, and not while their account is disabled
      const notifyHost = group.ownerId !== viewer.id && extra.hostIsActive === true;
      const row = await insertQuestion(tx, {
        groupId: group.id,
        authorId: viewer.id,
        body,
        status,
        sessionId: sessionId ?? null,
        isAnonymous,
        hostToNotify: notifyHost ? group.ownerId : null,
      });
      emit({
        topic: status === 'open' ? groupTopic(group.id) : userTopic(group.ownerId),
        event: CONTENT_LIVE_EVENTS.questionCreated,
        ids: { groupId: group.id, questionId: row.id },
        data: { status },
      });
      if (notifyHost) {
        emit({ topic: userTopic(group.ownerId), event: NOTIFICATION_CREATED_EVENT, ids: { userId: group.ownerId } });
      }
      if (group.ownerId !== viewer.id) hostToTell = group.ownerId;
      return presentQuestion(
        {
          id: row.id,
          groupId: group.id,
          sessionId: sessionId ?? null,
          authorId: viewer.id,
          authorUsername: row.authorUsername,
          authorName: row.authorName,
          authorImage: row.authorImage,
          body,
          status,
          isHidden: false,
          pinnedAt: null,
          answeredAt: null,
          isAnonymous,
          mergedIntoId: null,
          mergedIntoBody: null,
          carriedFromSessionId: null,
          carriedFromTitle: null,
          answerLaterAt: null,
          likeCount: 0,
          commentCount: 0,
          isLiked: false,
          createdAt: new Date(row.createdMs),
          updatedAt: new Date(row.updatedMs),
          editedAt: null,
          hostEditedAt: null,
          ownerId: group.ownerId,
          answerId: null,
          answerAuthorId: null,
          answerAuthorUsername: null,
          answerAuthorName: null,
          answerAuthorImage: null,
          answerBody: null,
          answerLikeCount: null,
          answerIsLiked: null,
          answerCreatedAt: null,
          answerUpdatedAt: null,
          answerEditedAt: null,
        },
        viewer.id,
      );
    })
    .catch(async (error: unknown) => {
      await reservation?.release().catch(() => undefined);
      throw error;
    });
  if (hostToTell !== null && options.onAsked) {
    // Not awaited: the answer does not depend on it. The question stands even if its e-mail
    // cannot be scheduled; the next question's job covers it.
    void options.onAsked(hostToTell).catch(() => undefined);
  }
  return question;
}

/**
 * The new question, the group's activity moved forward (open questions only: a pending one
 * moves it at approval, see touchGroupActivity) and the host's notification (see
 * createNotifications; null: none), in one statement. Returns what the answer shows of it. An
 * anonymous question's notification names no actor: the row itself must not tell who asked.
 */
async function insertQuestion(
  tx: Transaction,
  values: {
    groupId: string;
    authorId: string;
    body: string;
    status: 'open' | 'pending';
    sessionId: string | null;
    isAnonymous: boolean;
    hostToNotify: string | null;
  },
): Promise<{
  id: string;
  createdMs: number;
  updatedMs: number;
  authorUsername: string;
  authorName: string;
  authorImage: string;
}> {
  const touch =
    values.status === 'open'
      ? sql`, "touched" as (update "groups" set "last_activity_at" = greatest(coalesce("last_activity_at", now()), now()) where "id" = ${values.groupId})`
      : sql``;
  const notify =
    values.hostToNotify !== null
      ? sql`, "notified" as (insert into "notifications" ("user_id", "kind", "actor_id", "group_id", "target_type", "target_id", "excerpt") select ${values.hostToNotify}, 'new_question', ${values.isAnonymous ? null : values.authorId}::text, ${values.groupId}, 'question', "q"."id"::text, ${values.body.slice(0, 140)} from "q")`
      : sql``;
  const result = await tx.execute<{
    id: string;
    created_ms: number;
    updated_ms: number;
    username: string;
    name: string;
    profile_image_url: string;
  }>(sql`with "q" as (
      insert into "questions" ("group_id", "author_id", "body", "status", "session_id", "is_anonymous")
      values (${values.groupId}, ${values.authorId}, ${values.body}, ${values.status}, ${values.sessionId}, ${values.isAnonymous})
      returning "id", "created_at", "updated_at", "author_username", "author_name", "author_image"
    )${touch}${notify}
    select "q"."id", floor(extract(epoch from "q"."created_at") * 1000)::bigint as "created_ms",
      floor(extract(epoch from "q"."updated_at") * 1000)::bigint as "updated_ms",
      "q"."author_username" as "username", "q"."author_name" as "name", "q"."author_image" as "profile_image_url"
    from "q"`);
  const [row] = result.rows;
  if (!row) throw new Error('the new question was not returned');
  return {
    id: row.id,
    createdMs: Number(row.created_ms),
    updatedMs: Number(row.updated_ms),
    authorUsername: row.username,
    authorName: row.name,
    authorImage: row.profile_image_url,
  };
}
