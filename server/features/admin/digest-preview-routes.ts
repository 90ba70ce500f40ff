import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { notFound } from '../../lib/errors.ts';
import { perAccount, type RateRule } from '../../plugins/rate-limit.ts';
import { queueDigestPreview } from '../notifications/public.ts';
import { recordAudit } from './audit.ts';
import { ADMIN_RATE_RULES } from './rate-rules.ts';
import { requireAdmin } from './require-admin.ts';

/** Previews an administrator may send themselves: enough to check a change, too few to flood a queue. */
export const DIGEST_PREVIEW_RATE_RULE = {
  name: 'admin-digest-preview:account',
  limit: 10,
  windowSeconds: 60 * 60,
  what: 'Enough digest previews were sent for now',
} satisfies RateRule;

/** The answer of POST /api/admin/digest-preview. */
export const DigestPreviewResponseSchema = z.object({
  /** The administrator's own address, where the preview went. */
  sentTo: z.string().meta({ examples: ['admin@example.com'] }),
});

/**
 * POST /api/admin/digest-preview: the weekly digest as it would be for the administrator now,
 * queued to their own address only ("[Preview]" in the subject, a kind of its own, so it never
 * counts as their week's digest), and written to the audit log in the same transaction.
 */
export const digestPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/digest-preview',
    {
      schema: {
        summary: 'Send the weekly digest, as it would be now, to the administrator themselves',
        tags: ['admin'],
        response: {
          200: DigestPreviewResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      config: perAccount(ADMIN_RATE_RULES.writesPerAccount, DIGEST_PREVIEW_RATE_RULE),
    },
    async (request) => {
      const admin = await requireAdmin(app.db, request);
      const sentTo = await app.db.transaction(async (tx) => {
        const address = await queueDigestPreview({
          tx,
          mail: app.mail,
          publicUrl: app.config.publicUrl,
          userId: admin.id,
        });
        if (!address) throw notFound('Your account could not be found.');
        await recordAudit(tx, admin, {
          action: 'mail.digest_preview',
          targetType: 'user',
          targetId: admin.id,
          summary: `Sent a weekly digest preview to themselves (${address})`,
        });
        return address;
      });
      return { sentTo };
    },
  );
};
