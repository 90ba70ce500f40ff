import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DigestScheduleResponseSchema, DigestScheduleSchema } from '#shared/schemas/digest-schedule.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { readDigestSchedule, updateDigestSchedule } from './digest-schedule.ts';

/** GET and PUT /api/me/digest-schedule: when the signed-in person's weekly digest comes. */
export const digestScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/digest-schedule',
    {
      schema: {
        summary: "The day, hour and time zone of the signed-in person's weekly digest",
        tags: ['accounts'],
        response: { 200: DigestScheduleResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ digestSchedule: await readDigestSchedule({ db: app.db, viewer: request.viewer }) }),
  );

  app.put(
    '/api/me/digest-schedule',
    {
      schema: {
        summary: "Set the day, hour and time zone of the signed-in person's weekly digest",
        description:
          'The digest job runs every hour and sends to the people whose day and hour it is in their ' +
          'time zone. Whether the digest comes at all is the weeklyDigest e-mail setting.',
        tags: ['accounts'],
        body: DigestScheduleSchema,
        response: { 200: DigestScheduleResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      digestSchedule: await updateDigestSchedule({ db: app.db, viewer: request.viewer, schedule: request.body }),
    }),
  );
};
