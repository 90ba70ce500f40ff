import type { Transaction } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/index.ts';
import type { MailMessage } from './mail-message.ts';

/**
 * Stores one validated e-mail as 'queued' and adds its delivery job, both in `tx`: the e-mail
 * goes out only if the caller's work commits. Returns the message id.
 */
export async function queueMail(options: {
  tx: Transaction;
  message: MailMessage;
  enqueue: (messageId: string, tx: Transaction) => Promise<void>;
}): Promise<string> {
  const { tx, message, enqueue } = options;
  const [row] = await tx
    .insert(mailMessages)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: message.headers ?? {},
      kind: message.kind,
      userId: message.userId ?? null,
      aboutType: message.about?.type ?? null,
      aboutId: message.about?.id ?? null,
      status: 'queued',
    })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('The e-mail row was not inserted');
  await enqueue(row.id, tx);
  return row.id;
}
