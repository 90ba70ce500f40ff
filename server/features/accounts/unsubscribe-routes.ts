import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { ACCOUNT_RATE_RULES } from './rate-rules.ts';
import { unsubscribeWithToken } from './unsubscribe.ts';

/**
 * The one-click unsubscribe target of notification e-mails (RFC 8058). Mail clients POST
 * `List-Unsubscribe=One-Click` as a form, so this route alone reads form bodies; it carries no
 * cookie and no Origin, which the Origin check allows for exactly that reason.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/api/mail/unsubscribe',
    {
      schema: {
        summary: 'One-click unsubscribe from one kind of notification e-mail (RFC 8058)',
        tags: ['mail'],
        querystring: z.strictObject({ token: z.string().min(1).max(1024) }),
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional(),
        response: {
          200: z.object({ unsubscribed: z.string() }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      // generous: a large mail provider unsubscribes many of its users from few addresses
      config: perAddress(ACCOUNT_RATE_RULES.unsubscribePerAddress),
    },
    async (request) => ({
      unsubscribed: await unsubscribeWithToken({
        db: app.db,
        token: request.query.token,
        secret: app.config.sessionSecret ?? '',
      }),
    }),
  );
};
