import { z } from 'zod';

/** Where an e-mail is (mirrors the outbox's status column). */
export const MailStatusSchema = z.enum(['queued', 'sent', 'stored', 'failed', 'cancelled']);
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** One e-mail of the outbox, as listed at /admin/mail. */
export const AdminMailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminMailSummary = z.infer<typeof AdminMailSummarySchema>;

/** One e-mail whole: both parts and the extra headers. */
export const AdminMailMessageSchema = AdminMailSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type AdminMailMessage = z.infer<typeof AdminMailMessageSchema>;

/** Query of GET /api/admin/mail: newest first, a page at a time. */
export const AdminMailQuerySchema = z.strictObject({
  /** Part of the recipient's address or of the subject, any case. */
  q: z.string().trim().max(200, 'Search for at most 200 characters').optional(),
  status: MailStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const AdminMailPageSchema = z.object({
  messages: z.array(AdminMailSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminMailPage = z.infer<typeof AdminMailPageSchema>;
