import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { GroupLedgerResponseSchema, LedgerQuerySchema, SessionLedgerResponseSchema } from '#shared/schemas/ledger.ts';
import { SECURITY } from '../../plugins/openapi-document.ts';
import { listGroupLedger, listSessionLedger } from './list-ledger.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const GroupParamsSchema = z.strictObject({ groupId: z.string().max(200) });
const SessionParamsSchema = z.strictObject({ sessionId: z.string().max(200) });
const TAGS = ['ledger'];
const error = ErrorResponseSchema;
const DESCRIPTION =
  'Public (action readLedger): each entry is an action on a question (hidden with its reason, shown again, ' +
  'approved, rejected, removed, edited, merged, carried over), its time and the moderator’s role. Never the ' +
  'question’s text, its author or who moderated; `question.isVisible` says whether the reader may open it now. ' +
  'Newest first, 50 a page: pass `nextCursor` as `cursor`. Entries cannot be changed or deleted.';

/** The public moderation ledger of a group's question queue and of each AMA session. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/groups/:groupId/ledger',
    {
      schema: {
        summary: "A group's moderation ledger (its sessions' entries included)",
        description: DESCRIPTION,
        tags: TAGS,
        params: GroupParamsSchema,
        querystring: LedgerQuerySchema,
        // anyone may read it (readLedger): 401 and 403 are the permission rule's refusals, not its normal case
        security: SECURITY.optional,
        response: { 200: GroupLedgerResponseSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) =>
      listGroupLedger({
        db: app.db,
        viewer: request.viewer,
        groupId: request.params.groupId,
        cursor: request.query.cursor,
      }),
  );

  app.get(
    '/api/sessions/:sessionId/ledger',
    {
      schema: {
        summary: "An AMA session's moderation ledger, with its totals",
        description:
          `${DESCRIPTION} \`totals\` (on every page): asked (its questions, with those the host rejected or ` +
          'removed), answered, hidden, merged and carried over.',
        tags: TAGS,
        params: SessionParamsSchema,
        querystring: LedgerQuerySchema,
        security: SECURITY.optional,
        response: { 200: SessionLedgerResponseSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) =>
      listSessionLedger({
        db: app.db,
        viewer: request.viewer,
        sessionId: request.params.sessionId,
        cursor: request.query.cursor,
      }),
  );
};
