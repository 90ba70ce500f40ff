import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMailMessageSchema,
  AdminMailPageSchema,
  AdminMailQuerySchema,
  type AdminMailMessage,
  type AdminMailSummary,
} from '#shared/schemas/admin.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { excerpt, recordAudit } from './audit.ts';
import { redactSecrets } from './redact-mail.ts';
import { requireAdmin } from './require-admin.ts';

type MailRow = typeof mailMessages.$inferSelect;

function presentSummary(row: MailRow): AdminMailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * One e-mail whole, with every link secret hidden (reset and unsubscribe tokens, any query
 * value): an administrator sees what was sent, never a way into someone's account.
 */
function presentMessage(row: MailRow): AdminMailMessage {
  return {
    ...presentSummary(row),
    text: redactSecrets(row.textBody),
    html: redactSecrets(row.htmlBody),
    headers: Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, redactSecrets(value)])),
  };
}

/** A page ends at (createdAt, id); the cursor carries both so equal timestamps are not skipped. */
function encodeMailCursor(row: MailRow): string {
  return encodeCursor([row.createdAt.toISOString(), row.id]);
}

function decodeMailCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = decodeCursor(cursor, [cursorPart.time, cursorPart.uuid]);
  return { createdAt: new Date(createdAt), id };
}

/** Escapes % _ and \ so a search for them finds them literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The e-mail outbox for administrators: every message Townhall sent or keeps (without SMTP,
 * the embedded default, this is where e-mails can be read).
 */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mail',
    {
      schema: {
        summary: 'List the e-mail outbox, newest first',
        tags: ['admin'],
        querystring: AdminMailQuerySchema,
        response: {
          200: AdminMailPageSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request);
      const { q, status, limit, cursor } = request.query;
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(mailMessages.status, status));
      if (q) {
        const pattern = likePattern(q);
        conditions.push(or(ilike(mailMessages.toAddress, pattern), ilike(mailMessages.subject, pattern)) as SQL);
      }
      if (cursor) {
        const after = decodeMailCursor(cursor);
        conditions.push(
          or(
            lt(mailMessages.createdAt, after.createdAt),
            and(eq(mailMessages.createdAt, after.createdAt), sql`${mailMessages.id} < ${after.id}`),
          ) as SQL,
        );
      }
      const rows = await app.db
        .select()
        .from(mailMessages)
        .where(and(...conditions))
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        messages: page.map(presentSummary),
        nextCursor: rows.length > limit && last ? encodeMailCursor(last) : null,
      };
    },
  );

  app.get(
    '/api/admin/mail/:id',
    {
      schema: {
        summary: 'One e-mail of the outbox, whole but with link secrets hidden; each read is recorded in the audit log',
        tags: ['admin'],
        params: z.strictObject({ id: z.string().max(100) }),
        response: {
          200: AdminMailMessageSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const admin = await requireAdmin(app.db, request);
      const id = z.uuid().safeParse(request.params.id);
      if (!id.success) throw notFound('This e-mail does not exist.');
      // Read and recorded together: no administrator reads someone's e-mail without a trace.
      const row = await app.db.transaction(async (tx) => {
        const [found] = await tx.select().from(mailMessages).where(eq(mailMessages.id, id.data)).limit(1);
        if (!found) throw notFound('This e-mail does not exist.');
        await recordAudit(tx, admin, {
          action: 'mail.read',
          targetType: 'mail',
          targetId: found.id,
          summary: `Read the e-mail '${excerpt(found.subject)}' to ${found.toAddress}`,
          details: { kind: found.kind },
        });
        return found;
      });
      return presentMessage(row);
    },
  );
};
