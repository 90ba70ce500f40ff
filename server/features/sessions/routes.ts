import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  SessionInputSchema,
  SessionListQuerySchema,
  SessionListResponseSchema,
  SessionResponseSchema,
  SessionUpdateInputSchema,
  TranscriptQuerySchema,
  TranscriptSchema,
  ViewersResponseSchema,
  type SessionListResponse,
} from '#shared/schemas/sessions.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { sessionCalendar } from './calendar.ts';
import { carryQuestions, clearAnswerLater, previewCarry } from './carry-over.ts';
import {
  AnswerLaterClearResponseSchema,
  CarryInputSchema,
  CarryPreviewResponseSchema,
  CarryResponseSchema,
} from '#shared/schemas/carry-over.ts';
import { changeSessionState } from './change-session-state.ts';
import { createSession } from './create-session.ts';
import { deleteSession } from './delete-session.ts';
import { listGroupSessions, listSessions } from './list-sessions.ts';
import { listViewers } from './presence.ts';
import { SESSION_RATE_RULES } from './rate-rules.ts';
import { readSession } from './select-sessions.ts';
import { loadTranscript, transcriptMarkdown } from './transcript.ts';
import { updateSession } from './update-session.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const GroupParamsSchema = z.strictObject({ groupId: z.string().max(200) });
const SessionParamsSchema = z.strictObject({ sessionId: z.string().max(200) });
const TAGS = ['sessions'];

const error = ErrorResponseSchema;
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error };

/** A file name from a title: letters, digits and dashes. */
const fileName = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'session';

/** AMA sessions (events) of ama groups. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // the site's session lists, served again until something they show changes (decision 035)
  const sessionPages = new PageCache<SessionListResponse>({ events: app.groupEvents });
  const { publicUrl } = app.config;

  app.post(
    '/api/groups/:groupId/sessions',
    {
      schema: {
        summary: 'Schedule an AMA session (the host of an ama group)',
        description:
          "Subscribers get an in-app 'new_ama' notification and, if their settings allow, the 'newAMAs' e-mail.",
        tags: TAGS,
        params: GroupParamsSchema,
        body: SessionInputSchema,
        response: { 201: SessionResponseSchema, ...writeErrors },
      },
      config: perAccount(SESSION_RATE_RULES.schedulePerAccount),
    },
    async (request, reply) => {
      const session = await createSession({
        transaction: app.transaction,
        mail: app.mail,
        scheduleReminder: app.sessionReminders.schedule,
        publicUrl,
        viewer: request.viewer,
        groupId: request.params.groupId,
        input: request.body,
      });
      return reply.status(201).send({ session });
    },
  );

  app.get(
    '/api/groups/:groupId/sessions',
    {
      schema: {
        summary: "A group's sessions, latest start first",
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 200: SessionListResponseSchema, 404: error },
      },
    },
    async (request) => listGroupSessions({ db: app.db, groupId: request.params.groupId }),
  );

  app.get(
    '/api/sessions',
    {
      schema: {
        summary: 'Sessions of every group: upcoming (soonest first), live, or past (latest first)',
        description: '20 a page; pass `nextCursor` as `cursor` for the next.',
        tags: TAGS,
        querystring: SessionListQuerySchema,
        response: { 200: SessionListResponseSchema, 400: error },
      },
    },
    async (request) => listSessions({ db: app.db, ...request.query, cache: sessionPages }),
  );

  app.get(
    '/api/sessions/:sessionId',
    {
      schema: {
        summary: 'One session',
        tags: TAGS,
        params: SessionParamsSchema,
        response: { 200: SessionResponseSchema, 404: error },
      },
    },
    async (request) => ({ session: await readSession(app.db, request.params.sessionId) }),
  );

  app.patch(
    '/api/sessions/:sessionId',
    {
      schema: {
        summary: 'Edit a session (the host, until it has ended: 409 after)',
        tags: TAGS,
        params: SessionParamsSchema,
        body: SessionUpdateInputSchema,
        response: { 200: SessionResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      session: await updateSession({
        transaction: app.transaction,
        scheduleReminder: app.sessionReminders.schedule,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/sessions/:sessionId',
    {
      schema: {
        summary: 'Delete a session (the host); its questions stay in the group',
        tags: TAGS,
        params: SessionParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteSession({
        transaction: app.transaction,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
      });
      return reply.status(204).send(null);
    },
  );

  const changeStateRoute = (path: string, to: 'live' | 'ended', summary: string) =>
    app.post(
      path,
      {
        schema: {
          summary,
          description: 'Any other transition is 409 with the reason.',
          tags: TAGS,
          params: SessionParamsSchema,
          response: { 200: SessionResponseSchema, ...writeErrors },
        },
      },
      async (request) => ({
        session: await changeSessionState({
          transaction: app.transaction,
          viewer: request.viewer,
          sessionId: request.params.sessionId,
          to,
        }),
      }),
    );
  changeStateRoute(
    '/api/sessions/:sessionId/start',
    'live',
    'Start a scheduled session (the host); subscribers get a reminder',
  );
  changeStateRoute('/api/sessions/:sessionId/end', 'ended', 'End a live session (the host)');

  app.get(
    '/api/sessions/:sessionId/calendar.ics',
    {
      schema: {
        summary: 'The session as an iCalendar file (RFC 5545), to add to a calendar',
        description:
          'One VEVENT with the UID, SEQUENCE and LAST-MODIFIED it has in the group and personal calendar feeds ' +
          '(`/group/{slug}/calendar.ics`, `/calendar/{token}.ics`), so a calendar holding both keeps one event.',
        tags: TAGS,
        params: SessionParamsSchema,
        response: {
          200: {
            description: 'The session as a VCALENDAR with one VEVENT',
            content: { 'text/calendar': { schema: z.string().describe('An iCalendar file (RFC 5545)') } },
          },
          404: error,
        },
      },
    },
    async (request, reply) => {
      const calendar = await sessionCalendar({ db: app.db, sessionId: request.params.sessionId, publicUrl });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(calendar.title)}.ics"`)
        .send(calendar.body);
    },
  );

  app.get(
    '/api/sessions/:sessionId/transcript',
    {
      schema: {
        summary: "A session's questions and answers as Markdown or JSON (the host only)",
        description: 'Markdown unless `format=json`; a download (Content-Disposition). Not the host: 403.',
        tags: TAGS,
        params: SessionParamsSchema,
        querystring: TranscriptQuerySchema,
        response: {
          200: {
            description: 'The transcript: Markdown (`format=md`, the default) or JSON (`format=json`)',
            content: {
              'text/markdown': { schema: z.string().describe('The questions and their answers as Markdown') },
              'application/json': { schema: TranscriptSchema },
            },
          },
          401: error,
          403: error,
          404: error,
        },
      },
    },
    async (request, reply) => {
      const transcript = await loadTranscript({
        db: app.db,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
      });
      const name = `${fileName(transcript.session.title)}-transcript`;
      void reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') {
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.json"`)
          .send(JSON.stringify(transcript, null, 2));
      }
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.md"`)
        .send(transcriptMarkdown(transcript, publicUrl));
    },
  );

  app.get(
    '/api/sessions/:sessionId/carry',
    {
      schema: {
        summary: "What carrying the session's open questions over would move now, and where",
        description:
          "open: its open questions (not answered, hidden, pending or merged); toSession: the group's next " +
          'session (scheduled or live, the earliest), or null when they would go to the answer-later list.',
        tags: TAGS,
        params: SessionParamsSchema,
        response: { 200: CarryPreviewResponseSchema, 404: error },
      },
    },
    async (request) => previewCarry({ db: app.db, sessionId: request.params.sessionId }),
  );

  app.post(
    '/api/sessions/:sessionId/carry',
    {
      schema: {
        summary: "Carry an ended session's open questions over to the group's next session (the host)",
        description:
          'The top N by votes (then the oldest), or all without `top`, move with their votes to the earliest ' +
          'scheduled or live session of the group, or to its answer-later list when there is none. Askers and ' +
          'voters are told. A session not ended yet is 409; carrying again moves only what is still open.',
        tags: TAGS,
        params: SessionParamsSchema,
        body: CarryInputSchema.nullish(),
        response: { 200: CarryResponseSchema, ...writeErrors },
      },
      config: perAccount(SESSION_RATE_RULES.carryPerAccount),
    },
    async (request) =>
      carryQuestions({
        transaction: app.transaction,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
        top: request.body?.top,
        mail: { service: app.mail, publicUrl },
      }),
  );

  app.post(
    '/api/groups/:groupId/answer-later/clear',
    {
      schema: {
        summary: "Empty the group's answer-later list (the host); the questions stay open in the group",
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 200: AnswerLaterClearResponseSchema, ...writeErrors },
      },
      config: perAccount(SESSION_RATE_RULES.carryPerAccount),
    },
    async (request) =>
      clearAnswerLater({ transaction: app.transaction, viewer: request.viewer, groupId: request.params.groupId }),
  );

  app.get(
    '/api/sessions/:sessionId/viewers',
    {
      schema: {
        summary: 'How many watch the session page now, and up to 12 of them signed in',
        description:
          'Viewers are the live connections watching session:{id} (each signed-in person counts once, each ' +
          'signed-out connection once); a connection sends {"type":"presence","status":"away"} while its page is hidden.',
        tags: TAGS,
        params: SessionParamsSchema,
        response: { 200: ViewersResponseSchema, 404: error },
      },
    },
    async (request) => listViewers({ db: app.db, sessionId: request.params.sessionId }),
  );
};
