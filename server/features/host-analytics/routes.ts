import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { GroupAnalyticsResponseSchema, SessionAnalyticsResponseSchema } from '#shared/schemas/host-analytics.ts';
import { csvFileName, groupAnalyticsCsv, sessionAnalyticsCsv } from './analytics-csv.ts';
import { readGroupAnalytics, readSessionAnalytics } from './read-analytics.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const GroupParamsSchema = z.strictObject({ groupId: z.string().max(200) });
const SessionParamsSchema = z.strictObject({ sessionId: z.string().max(200) });
const TAGS = ['host analytics'];
const error = ErrorResponseSchema;
const errors = { 401: error, 403: error, 404: error };

const ACCESS = "The group's host and the administrators only (canReadHostAnalytics): 401 signed out, 403 others.";
const FIGURES =
  'Questions asked (pending, hidden and merged ones included), answered and their share, the median time to ' +
  'answer, hidden, votes (on the questions not merged away), unique askers and voters, the peak of viewers ' +
  'sampled each minute while live, and the 5 most voted visible questions (never their author).';
/** A CSV route's answer: the file, or the JSON errors of the JSON route. */
const csvResponse = (what: string) => ({
  200: {
    description: `${what} as a CSV file`,
    content: { 'text/csv': { schema: z.string().describe('RFC 4180 CSV with a byte-order mark') } },
  },
  ...errors,
});
const CSV =
  'Answered as `text/csv; charset=utf-8` (RFC 4180, CRLF, a byte-order mark first) with a Content-Disposition ' +
  'file name, sections separated by an empty line; errors are JSON, as the JSON route answers them.';

/** Host analytics: a session's and a group's figures, as JSON and as CSV. */
export const hostAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sessions/:sessionId/analytics',
    {
      schema: {
        summary: "A session's analytics (its host and administrators)",
        description: `${ACCESS} ${FIGURES} \`viewers\`: each sampled minute, oldest first; reading a live session samples this minute.`,
        tags: TAGS,
        params: SessionParamsSchema,
        response: { 200: SessionAnalyticsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readSessionAnalytics({ db: app.db, viewer: request.viewer, sessionId: request.params.sessionId });
    },
  );

  app.get(
    '/api/sessions/:sessionId/analytics.csv',
    {
      schema: {
        summary: "A session's analytics as CSV (its host and administrators)",
        description: `${ACCESS} ${CSV} The headline figures, the top questions, then viewers per sampled minute.`,
        tags: TAGS,
        params: SessionParamsSchema,
        response: csvResponse("The session's analytics"),
      },
    },
    async (request, reply) => {
      const analytics = await readSessionAnalytics({
        db: app.db,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${csvFileName(analytics.session.title, 'session')}"`)
        .send(sessionAnalyticsCsv(analytics));
    },
  );

  app.get(
    '/api/groups/:groupId/analytics',
    {
      schema: {
        summary: "A group's analytics over all its questions, with its sessions (its host and administrators)",
        description: `${ACCESS} ${FIGURES} \`sessions\`: its 50 newest sessions, each with its asked, answered and peak viewers.`,
        tags: TAGS,
        params: GroupParamsSchema,
        response: { 200: GroupAnalyticsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readGroupAnalytics({ db: app.db, viewer: request.viewer, groupId: request.params.groupId });
    },
  );

  app.get(
    '/api/groups/:groupId/analytics.csv',
    {
      schema: {
        summary: "A group's analytics as CSV (its host and administrators)",
        description: `${ACCESS} ${CSV} The headline figures, the top questions, then one row per session, newest first.`,
        tags: TAGS,
        params: GroupParamsSchema,
        response: csvResponse("The group's analytics"),
      },
    },
    async (request, reply) => {
      const analytics = await readGroupAnalytics({
        db: app.db,
        viewer: request.viewer,
        groupId: request.params.groupId,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${csvFileName(analytics.group.slug, 'group')}"`)
        .send(groupAnalyticsCsv(analytics));
    },
  );
};
