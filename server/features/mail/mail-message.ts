import { z } from 'zod';

/** Longest subject line we send. */
export const MAIL_SUBJECT_MAX = 200;
/** Longest text or HTML part: far above any e-mail we write, far below what would strain the queue. */
export const MAIL_BODY_MAX = 200_000;

// Headers the message itself sets: a caller's value would override or duplicate them.
const RESERVED_HEADERS = new Set([
  'bcc',
  'cc',
  'content-transfer-encoding',
  'content-type',
  'date',
  'from',
  'message-id',
  'mime-version',
  'reply-to',
  'return-path',
  'sender',
  'subject',
  'to',
]);

const noLineBreak = (value: string) => !/[\r\n]/.test(value);

const HeaderNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, { error: 'is not a header name' })
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), { error: 'is set by the mailer itself' });

/** One e-mail to send: what `app.mail.send` accepts. */
export const MailMessageInputSchema = z.strictObject({
  /** The recipient's address. */
  to: z.email().max(254),
  subject: z.string().trim().min(1).max(MAIL_SUBJECT_MAX).refine(noLineBreak, { error: 'must be one line' }),
  /** The plain-text part. */
  text: z.string().min(1).max(MAIL_BODY_MAX),
  /** The HTML part. */
  html: z.string().min(1).max(MAIL_BODY_MAX),
  /** What the e-mail is for: 'welcome', 'password_reset', 'notification', … */
  kind: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'must be lowercase words joined by _' }),
  /** The account it goes to, when there is one. */
  userId: z.string().min(1).max(200).nullish(),
  /**
   * What a notification e-mail is about ('question' and its id, say): the delivery checks ask
   * again, when it is sent, whether the recipient may still see it.
   */
  about: z
    .strictObject({
      type: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'must be lowercase words joined by _' }),
      id: z.string().min(1).max(200),
    })
    .optional(),
  /** Extra headers such as List-Unsubscribe. */
  headers: z
    .record(HeaderNameSchema, z.string().max(998).refine(noLineBreak, { error: 'must be one line' }))
    .optional(),
});

export type MailMessageInput = z.input<typeof MailMessageInputSchema>;
export type MailMessage = z.output<typeof MailMessageInputSchema>;

/** A message `app.mail.send` refused: a bug in the caller, never something a visitor typed. */
export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

/** The message, validated; throws InvalidMailError naming every bad field. */
export function parseMailMessage(input: MailMessageInput): MailMessage {
  const result = MailMessageInputSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`);
  throw new InvalidMailError(`The e-mail was not queued. ${problems.join('; ')}`, { cause: result.error });
}
