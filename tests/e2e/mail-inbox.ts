import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestSmtpServer } from '../../server/test/smtp-server.ts';

/** One received e-mail as the browser tests read it: plain data, so it crosses from the global setup. */
export interface InboxMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message as it arrived (headers included), for a real parser such as mailparser. */
  raw: string;
}

/**
 * Serves what the test SMTP server received as JSON on 127.0.0.1 (GET /messages), so browser
 * tests, which run in other workers than the global setup, can read the e-mails the app sent.
 */
export async function startMailInbox(smtp: TestSmtpServer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const messages: InboxMail[] = smtp.messages.map((mail) => ({
      to: mail.envelope.to,
      subject: mail.subject,
      text: mail.text ?? '',
      html: mail.html ?? '',
      raw: mail.raw,
    }));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The e-mails received so far for `to` (lowercased address), oldest first. */
export async function mailsTo(inboxUrl: string, to: string): Promise<InboxMail[]> {
  const response = await fetch(`${inboxUrl}/messages`);
  const messages = (await response.json()) as InboxMail[];
  return messages.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** Waits for the `count`-th e-mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  inboxUrl: string,
  to: string,
  { subject, count = 1, timeoutMs = 20_000 }: { subject: RegExp; count?: number; timeoutMs?: number },
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await mailsTo(inboxUrl, to)).filter((mail) => subject.test(mail.subject));
    const mail = matching[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no e-mail ${String(subject)} #${String(count)} to ${to} arrived in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
