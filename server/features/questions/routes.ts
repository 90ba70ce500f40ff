import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  AnswerInputSchema,
  QuestionInputSchema,
  QuestionListQuerySchema,
  QuestionListResponseSchema,
  type QuestionListResponse,
  QuestionMergeInputSchema,
  QuestionModerationInputSchema,
  QuestionResponseSchema,
  QuestionUpdateInputSchema,
  SimilarQuestionsQuerySchema,
  SimilarQuestionsResponseSchema,
} from '#shared/schemas/questions.ts';
import { DuplicateQuestionsResponseSchema, QuestionMergeResponseSchema } from '#shared/schemas/question-merges.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { answerQuestion } from './answer-question.ts';
import { askQuestion } from './ask-question.ts';
import { deleteQuestion } from './delete-question.ts';
import { editQuestion } from './edit-question.ts';
import { listQuestions } from './list-questions.ts';
import { mergeQuestion, undoMerge } from './merge-question.ts';
import { moderateQuestion } from './moderate-question.ts';
import { QUESTION_RATE_RULES } from './rate-rules.ts';
import { readQuestion } from './select-questions.ts';
import { findDuplicateQuestions, findSimilarQuestions } from './similar-questions.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const GroupParamsSchema = z.strictObject({ groupId: z.string().max(200) });
const QuestionParamsSchema = z.strictObject({ questionId: z.string().max(200) });
const TAGS = ['questions'];

const error = ErrorResponseSchema;
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 429: error };

/** The question queue of ama groups. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  // pages of the queue served again until something they show changes (decision 034)
  const pages = new PageCache<QuestionListResponse>({ events: app.groupEvents });
  app.get(
    '/api/groups/:groupId/questions',
    {
      schema: {
        summary: "One page of a group's question queue",
        description:
          'sort top (votes, then oldest), new, or fresh (votes decayed by age: (votes + 1) / (hours + 2)^1.5, ' +
          "against the first page's time, kept in the cursor); without sort, the group's own order (fresh when " +
          'it chose it, else top). view open (the pinned one comes in `pinned` on the first page), answered, ' +
          'later (the answer-later list), pending or hidden (the host only: 403 otherwise). Authors also see ' +
          'their own pending and hidden questions; merged questions are in no view. Pass `nextCursor` as ' +
          '`cursor` for the next page.',
        tags: TAGS,
        params: GroupParamsSchema,
        querystring: QuestionListQuerySchema,
        response: { 200: QuestionListResponseSchema, 400: error, 403: error, 404: error },
      },
    },
    async (request) =>
      listQuestions({
        db: app.db,
        viewer: request.viewer,
        groupId: request.params.groupId,
        ...request.query,
        cache: pages,
      }),
  );

  app.get(
    '/api/groups/:groupId/questions/similar',
    {
      schema: {
        summary: 'Asked questions like the text being typed (pg_trgm), at most 5',
        description: 'Fewer than 3 characters: an empty list.',
        tags: TAGS,
        params: GroupParamsSchema,
        querystring: SimilarQuestionsQuerySchema,
        response: { 200: SimilarQuestionsResponseSchema, 400: error, 404: error },
      },
    },
    async (request) =>
      findSimilarQuestions({ db: app.db, viewer: request.viewer, groupId: request.params.groupId, q: request.query.q }),
  );

  app.post(
    '/api/groups/:groupId/questions',
    {
      schema: {
        summary: 'Ask a question (action ask on the question queue; ama groups only)',
        description:
          'Trimmed; empty or over 500 characters: 400. Not an ama group: 400. In groups that need approval, ' +
          "the question waits ('pending') unless the host asks. At most 30 questions an hour. `anonymous: true` " +
          'only where the group takes anonymous questions (400 otherwise): everyone then reads "Anonymous". ' +
          "Beyond the group's cap on one person's open questions: 409 open_question_cap (the host has no cap).",
        tags: TAGS,
        params: GroupParamsSchema,
        body: QuestionInputSchema,
        response: { 201: QuestionResponseSchema, ...writeErrors, 409: error },
      },
    },
    async (request, reply) => {
      const question = await askQuestion({
        transaction: app.transaction,
        rateLimit: app.rateLimit,
        viewer: request.viewer,
        groupId: request.params.groupId,
        input: request.body,
        onAsked: async (hostId) =>
          app.notificationJobs
            .questionAsked(hostId)
            .catch((error: unknown) =>
              app.log.error({ err: error }, 'the new-questions e-mail could not be scheduled'),
            ),
      });
      return reply.status(201).send({ question });
    },
  );

  app.get(
    '/api/questions/:questionId',
    {
      schema: {
        summary: 'One question with its answer, for its own page',
        description: 'Pending and hidden questions: only their author and the host see them; 404 for anyone else.',
        tags: TAGS,
        params: QuestionParamsSchema,
        response: { 200: QuestionResponseSchema, 404: error },
      },
    },
    async (request) => ({ question: await readQuestion(app.db, request.viewer, request.params.questionId) }),
  );

  app.patch(
    '/api/questions/:questionId',
    {
      schema: {
        summary: "Edit a question's text: one's own, or as the host anyone's, while it is not answered",
        description:
          "A host's edit of someone else's question is public: the question reads edited by the host (`editedByHost`) and the moderation ledger gets an 'edited' entry. A merged question is edited only after its merge is undone (409).",
        tags: TAGS,
        params: QuestionParamsSchema,
        body: QuestionUpdateInputSchema,
        response: { 200: QuestionResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(QUESTION_RATE_RULES.questionChangesPerAccount),
    },
    async (request) => ({
      question: await editQuestion({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
        body: request.body.body,
      }),
    }),
  );

  app.delete(
    '/api/questions/:questionId',
    {
      schema: {
        summary: 'Delete a question with its answer, comments and likes (its author or the host)',
        tags: TAGS,
        params: QuestionParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
      config: perAccount(QUESTION_RATE_RULES.questionChangesPerAccount),
    },
    async (request, reply) => {
      await deleteQuestion({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/questions/:questionId/answer',
    {
      schema: {
        summary: 'Write or edit the answer and mark the question answered (the host only)',
        tags: TAGS,
        params: QuestionParamsSchema,
        body: AnswerInputSchema,
        response: { 200: QuestionResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(QUESTION_RATE_RULES.hostActionsPerAccount),
    },
    async (request) => ({
      question: await answerQuestion({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
        body: request.body.body,
        mail: { service: app.mail, publicUrl: app.config.publicUrl },
      }),
    }),
  );

  app.patch(
    '/api/questions/:questionId/moderation',
    {
      schema: {
        summary: 'Approve, pin, hide or set the status of a question (the host only)',
        description:
          'Pinning unpins the group’s other pinned question; hiding unpins. A merged question: 409 (undo the merge first).',
        tags: TAGS,
        params: QuestionParamsSchema,
        body: QuestionModerationInputSchema,
        response: { 200: QuestionResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(QUESTION_RATE_RULES.hostActionsPerAccount),
    },
    async (request) => ({
      question: await moderateQuestion({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
        input: request.body,
      }),
    }),
  );

  app.get(
    '/api/questions/:questionId/duplicates',
    {
      schema: {
        summary: 'Possible duplicates of an open question (pg_trgm), at most 5: for the host, or its asker',
        description:
          'Open or answered questions of the same group, shown and not merged, best match first. Signed out 401; ' +
          'anyone but the host and the asker 403 (404 while the question waits for approval). A question that is ' +
          'not open (it cannot be merged): an empty list.',
        tags: TAGS,
        params: QuestionParamsSchema,
        response: { 200: DuplicateQuestionsResponseSchema, 401: error, 403: error, 404: error },
      },
    },
    async (request) =>
      findDuplicateQuestions({ db: app.db, viewer: request.viewer, questionId: request.params.questionId }),
  );

  app.post(
    '/api/questions/:questionId/merge',
    {
      schema: {
        summary: 'Merge an open question into another of its group, pooling the votes (the host, or its asker)',
        description:
          'The host merges any open question, an asker their own. The target: same group, another question, ' +
          'shown (not pending or hidden), not merged itself; it may be answered. Voters of the merged question ' +
          'vote for the target, each person once. A question others were merged into is not merged itself: 400. ' +
          'Answers both questions as they are now.',
        tags: TAGS,
        params: QuestionParamsSchema,
        body: QuestionMergeInputSchema,
        response: { 200: QuestionMergeResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(QUESTION_RATE_RULES.hostActionsPerAccount),
    },
    async (request) =>
      mergeQuestion({
        transaction: app.transaction,
        viewer: request.viewer,
        questionId: request.params.questionId,
        intoQuestionId: request.body.intoQuestionId,
        mail: { service: app.mail, publicUrl: app.config.publicUrl },
      }),
  );

  app.delete(
    '/api/questions/:questionId/merge',
    {
      schema: {
        summary: 'Undo the merge of a question (the host, or the asker who merged it)',
        description:
          'Both questions come back as they were: the votes the merge added to the target are taken back, ' +
          'the pin comes back if no other question is pinned now. Not merged: 409.',
        tags: TAGS,
        params: QuestionParamsSchema,
        response: { 200: QuestionMergeResponseSchema, ...writeErrors, 409: error },
      },
      config: perAccount(QUESTION_RATE_RULES.hostActionsPerAccount),
    },
    async (request) =>
      undoMerge({ transaction: app.transaction, viewer: request.viewer, questionId: request.params.questionId }),
  );
};
