import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db/client.ts';
import { createMailTransport, deliverMail, type DeliveryOutcome } from './deliver-mail.ts';
import { accountDeliveryCheck, type DeliveryCheck } from './delivery-checks.ts';
import { parseMailMessage, type MailMessageInput } from './mail-message.ts';
import { MAIL_QUEUE, mailJobPolicy, type MailJobData } from './mail-queue.ts';
import { queueMail } from './queue-mail.ts';
import { renderMail, type RenderedMail, type RenderMailOptions } from './render-mail.ts';
import type { UnsubscribeTarget } from './unsubscribe-token.ts';

export interface MailPluginOptions {
  /** Queue name; tests give each app its own, so no app's worker takes another's jobs. */
  queue?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often an idle worker looks for due jobs; 2 s unless given (at least 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * How one delivery attempt ended: its outcome, or `retry` when it failed and the queue tries again
 * later (an attempt that fails on its last try ends `failed`).
 */
export type DeliveryResult = DeliveryOutcome | 'retry';

export interface MailService {
  /**
   * Validates the e-mail, stores it as 'queued' and queues its delivery. With `tx`, the row
   * and the job are part of the caller's transaction (both or neither); otherwise they commit
   * at once. Returns the message id. Throws InvalidMailError for a malformed message.
   */
  send(message: MailMessageInput, options?: { tx?: Transaction }): Promise<string>;
  /**
   * Adds a check every message passes just before it goes out (see DeliveryCheck). The account
   * check (a disabled or deleted account gets nothing) is always there, first.
   */
  addDeliveryCheck(check: DeliveryCheck): void;
  /** Tells `observer` how each delivery attempt of this process ends, from now on (metrics). */
  observeDeliveries(observer: ((result: DeliveryResult) => void) | undefined): void;
  /** renderMail with this site's public URL and unsubscribe secret filled in. */
  render(
    options: Omit<RenderMailOptions, 'publicUrl' | 'unsubscribe'> & { unsubscribe?: UnsubscribeTarget },
  ): RenderedMail;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: render it, then send it through the durable queue. */
    mail: MailService;
  }
}

/**
 * E-mail delivery: the mail queue of the job system (server/plugins/jobs.ts), whose worker sends
 * through SMTP_URL with one pooled transport, or keeps the message in mail_messages when there
 * is no SMTP server, and `app.mail`.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    const { config } = app;
    const secret = config.sessionSecret;
    if (!secret) throw new Error('E-mail needs config.sessionSecret: it signs the unsubscribe links.');

    const logger = app.log.child({ component: 'mail' });
    const queue = options.queue ?? MAIL_QUEUE;
    const transport = config.smtpUrl ? createMailTransport(config.smtpUrl) : null;
    const checks: DeliveryCheck[] = [accountDeliveryCheck];
    let observeDelivery: ((result: DeliveryResult) => void) | undefined;

    // The worker starts once the app is ready, after every feature has added its delivery checks:
    // no message queued before a restart goes out in the moment before they are there.
    app.jobs.define<MailJobData>(
      queue,
      async ({ data, isLastAttempt }) => {
        let outcome: DeliveryOutcome;
        try {
          outcome = await deliverMail({
            db: app.db,
            messageId: data.messageId,
            transport,
            from: config.mailFrom,
            logger,
            isLogged: config.env === 'development',
            isLastAttempt,
            checks,
          });
        } catch (error) {
          observeDelivery?.(isLastAttempt ? 'failed' : 'retry');
          throw error;
        }
        observeDelivery?.(outcome);
      },
      mailJobPolicy(options),
    );
    // the job system stops first of all (server/app.ts): no delivery is running by now
    app.addHook('onClose', async () => {
      transport?.close();
    });

    const enqueue = async (messageId: string, tx: Transaction) => {
      // the job id is the message id: one job per message, easy to find from either side
      const id = await app.jobs.send<MailJobData>(queue, { messageId }, { tx, id: messageId });
      if (id === null) throw new Error(`The e-mail ${messageId} was not queued (does queue ${queue} exist?)`);
    };
    app.decorate('mail', {
      async send(input, { tx } = {}) {
        const message = parseMailMessage(input);
        if (tx) return queueMail({ tx, message, enqueue });
        const id = await app.db.transaction((ownTx) => queueMail({ tx: ownTx, message, enqueue }));
        app.jobs.wake(queue);
        return id;
      },
      addDeliveryCheck(check) {
        checks.push(check);
      },
      observeDeliveries(observer) {
        observeDelivery = observer;
      },
      render(renderOptions) {
        const { unsubscribe, ...rest } = renderOptions;
        return renderMail({
          ...rest,
          publicUrl: config.publicUrl,
          ...(unsubscribe ? { unsubscribe: { ...unsubscribe, secret } } : {}),
        });
      },
    } satisfies MailService);
  },
  { name: 'mail', dependencies: ['database', 'jobs'] },
);
