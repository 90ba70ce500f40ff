import type { JobPolicy } from '../../lib/jobs.ts';

/** The queue of e-mails to deliver; each job names one mail_messages row (its id is the message id). */
export const MAIL_QUEUE = 'mail.send';

/** Retries after the first attempt: with the delay below, about 8½ to 17 hours of trying. */
export const MAIL_RETRY_LIMIT = 10;
/** Wait before the first retry; it doubles (with jitter) at each later one. */
export const MAIL_RETRY_DELAY_SECONDS = 30;

/** The data of a delivery job. */
export interface MailJobData {
  messageId: string;
}

/** The mail queue's policy, with the settings a test app may change. */
export function mailJobPolicy(
  options: { retryLimit?: number; retryDelaySeconds?: number; pollingIntervalSeconds?: number } = {},
): JobPolicy {
  return {
    retryLimit: options.retryLimit ?? MAIL_RETRY_LIMIT,
    retryDelaySeconds: options.retryDelaySeconds ?? MAIL_RETRY_DELAY_SECONDS,
    // a delivery still active after this is taken for dead (its process crashed) and retried
    expireInSeconds: 5 * 60,
    // a full batch is followed at once by the next
    batchSize: 10,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  };
}

/** pg-boss's schema; imported from here by code older than server/lib/jobs.ts. */
export { JOBS_SCHEMA } from '../../lib/jobs.ts';
