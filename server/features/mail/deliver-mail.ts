import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Queryable } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { cancelReason, type DeliveryCheck } from './delivery-checks.ts';

/** What delivery needs from nodemailer: one pooled SMTP transport per process. */
export type MailTransport = ReturnType<typeof createMailTransport>;

/**
 * Opens the pooled SMTP transport of SMTP_URL. The timeouts stay well under a job's expiry
 * (5 minutes), so a hanging server fails an attempt instead of holding the job.
 */
export function createMailTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

/**
 * What happened to a message: delivered, kept for /admin/mail, refused for good, cancelled by
 * a delivery check, or nothing to do.
 */
export type DeliveryOutcome = 'sent' | 'stored' | 'failed' | 'cancelled' | 'skipped';

/** An attempt that failed but may work later: the queue retries it. */
export class TransientDeliveryError extends Error {
  override name = 'TransientDeliveryError';
}

/** The server's reason in one line, for last_error and the log. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 1000);
}

/**
 * A recipient the server refused for good (5xx at RCPT TO: no such mailbox, say): retrying
 * cannot help. Every other failure, a 5xx for the sender or the connection included, may be
 * fixed by the server coming back or an administrator, so it is retried.
 */
function isRecipientRejected(error: unknown): boolean {
  // nodemailer marks an error that carries a permanent SMTP reply (5xx except 503)
  const smtpError = error as { permanent?: boolean; command?: string };
  return smtpError.permanent === true && smtpError.command === 'RCPT TO';
}

/**
 * One delivery attempt of a queued message, run by the queue's worker. Without a transport
 * (no SMTP_URL) the message is kept in the database, and printed to the log in development.
 * A transient failure records the error and throws TransientDeliveryError so the queue tries
 * again later; on the last attempt, or for a refused recipient, the row becomes 'failed'.
 * A message that is no longer queued (already sent by an earlier attempt) is left alone.
 * Before anything goes out the delivery checks run: a message one of them refuses (a disabled
 * account, content the recipient can no longer see) becomes 'cancelled' with the reason.
 */
export async function deliverMail(options: {
  db: Queryable;
  messageId: string;
  transport: MailTransport | null;
  from: string;
  logger: FastifyBaseLogger;
  /** Print stored e-mails in full (development). */
  isLogged: boolean;
  isLastAttempt: boolean;
  /** Asked before every attempt; the first reason given cancels the message. */
  checks?: readonly DeliveryCheck[];
}): Promise<DeliveryOutcome> {
  const { db, messageId, transport, from, logger, isLastAttempt } = options;
  const byId = eq(mailMessages.id, messageId);
  const [message] = await db
    .update(mailMessages)
    .set({ attempts: sql`${mailMessages.attempts} + 1` })
    .where(and(byId, eq(mailMessages.status, 'queued')))
    .returning();
  if (!message) return 'skipped';
  const log = logger.child({ mailId: message.id, kind: message.kind, attempt: message.attempts });

  let reason: string | null;
  try {
    reason = await cancelReason(options.checks ?? [], db, message);
  } catch (error) {
    // the checks could not be asked (the database away, say): like a failed send, tried again later
    const failure = describeError(error);
    await db
      .update(mailMessages)
      .set({ lastError: failure, ...(isLastAttempt ? { status: 'failed' as const } : {}) })
      .where(byId);
    log.warn({ reason: failure }, 'the delivery checks of an e-mail failed; it will be retried');
    throw new TransientDeliveryError(failure, { cause: error });
  }
  if (reason !== null) {
    await db.update(mailMessages).set({ status: 'cancelled', lastError: reason }).where(byId);
    log.info({ reason }, 'e-mail cancelled before delivery');
    return 'cancelled';
  }

  if (!transport) {
    await db.update(mailMessages).set({ status: 'stored', lastError: null }).where(byId);
    if (options.isLogged) {
      log.info(
        `E-mail kept in the database (no SMTP_URL), to ${message.toAddress}: ${message.subject}\n\n${message.textBody}`,
      );
    } else {
      log.info('e-mail kept in the database (no SMTP_URL); administrators read it at /admin/mail');
    }
    return 'stored';
  }

  try {
    await transport.sendMail({
      from,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      headers: message.headers,
      // One Message-ID per row: a resend after a lost acknowledgement is recognizably the same e-mail.
      messageId: `<${message.id}@${mailDomain(from)}>`,
    });
  } catch (error) {
    const reason = describeError(error);
    const isRejected = isRecipientRejected(error);
    const isFinal = isRejected || isLastAttempt;
    await db
      .update(mailMessages)
      .set({ lastError: reason, ...(isFinal ? { status: 'failed' as const } : {}) })
      .where(byId);
    if (isRejected) {
      log.warn({ reason }, 'e-mail refused by the SMTP server for good; not retried');
      return 'failed';
    }
    if (isFinal) log.error({ reason }, 'e-mail not delivered after the last attempt');
    else log.warn({ reason }, 'e-mail delivery failed; it will be retried');
    throw new TransientDeliveryError(reason, { cause: error });
  }

  await db.update(mailMessages).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(byId);
  log.info('e-mail sent');
  return 'sent';
}

/** The domain of a From value (`Townhall <no-reply@x.org>` → `x.org`). */
export function mailDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}
