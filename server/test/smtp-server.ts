import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the test SMTP server received it, with what a test reads from it. */
export interface ReceivedMail {
  /** Envelope sender and recipients (MAIL FROM, RCPT TO). */
  envelope: { from: string; to: string[] };
  /** The message exactly as it arrived. */
  raw: string;
  /** A header's value, unfolded and decoded; `undefined` when absent. Case-insensitive. */
  header(name: string): string | undefined;
  subject: string;
  /** The text/plain part, decoded. */
  text: string | undefined;
  /** The text/html part, decoded. */
  html: string | undefined;
}

/** How the server answers: a rejection at RCPT TO or at the end of DATA, with its SMTP code. */
export interface SmtpRefusal {
  at: 'rcpt' | 'data';
  code: number;
  message: string;
}

export interface TestSmtpServer {
  port: number;
  /** SMTP_URL for the app: smtp://127.0.0.1:<port>. */
  url: string;
  /** Every e-mail accepted so far. */
  messages: ReceivedMail[];
  /** Deliveries attempted so far (messages refused included). */
  attempts: number;
  /** Refuses what follows with `refusal`; `null` accepts again. */
  refuse(refusal: SmtpRefusal | null): void;
  /** Starts listening (when created with `isListening: false`, the port is only reserved). */
  listen(): Promise<void>;
  /** The first accepted e-mail that matches, waiting up to `timeoutMs` for it. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A TCP port that was free a moment ago, for a server that starts later. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for tests: it keeps what it
 * receives and can be told to refuse, or be started only later, to act like a server that
 * is down. Plain SMTP without STARTTLS or AUTH, as a local relay would be.
 */
export async function startTestSmtpServer(options: { isListening?: boolean } = {}): Promise<TestSmtpServer> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  const waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusal: SmtpRefusal | null = null;
  let isListening = false;
  const refusalError = (current: SmtpRefusal) =>
    Object.assign(new Error(current.message), { responseCode: current.code });

  const state = { attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onRcptTo(_address, _session, callback) {
      if (refusal?.at === 'rcpt') {
        state.attempts += 1;
        return callback(refusalError(refusal));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts += 1;
        if (refusal?.at === 'data') return callback(refusalError(refusal));
        const mailFrom = session.envelope.mailFrom;
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        messages.push(mail);
        for (const waiter of waiters.splice(0)) {
          if (waiter.predicate(mail)) waiter.resolve(mail);
          else waiters.push(waiter);
        }
        callback();
      });
    },
  });
  // a client that hangs up mid-session is not a test failure
  server.on('error', () => undefined);

  const listen = async () => {
    if (isListening) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    isListening = true;
  };
  if (options.isListening !== false) await listen();

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return state.attempts;
    },
    refuse(next) {
      refusal = next;
    },
    listen,
    waitFor(predicate, timeoutMs = 10_000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching e-mail arrived in time')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => (isListening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()),
  };
}

interface MimePart {
  headers: Map<string, string[]>;
  body: string;
}

/** Splits a message or part into unfolded headers (lowercase names) and its body. */
function splitPart(raw: string): MimePart {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { headers, body };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A part's content, decoded, with the line breaks of SMTP (CRLF) read as `\n` the way a mail reader does. */
function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : part.body;
  return content.replaceAll('\r\n', '\n');
}

/** The leaf parts of a (possibly nested) multipart message, with their content type. */
function leafParts(part: MimePart): { type: string; content: string }[] {
  const contentType = part.headers.get('content-type')?.[0] ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (!type.startsWith('multipart/')) return [{ type, content: decodeBody(part) }];
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(splitPart(section.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

/** Reads a raw message the way a test needs it (a small MIME reader: mailparser is not available). */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const header = (name: string) => {
    const values = message.headers.get(name.toLowerCase());
    return values ? decodeHeader(values.join(', ')) : undefined;
  };
  return {
    envelope,
    raw,
    header,
    subject: header('subject') ?? '',
    text: parts.find((part) => part.type === 'text/plain')?.content,
    html: parts.find((part) => part.type === 'text/html')?.content,
  };
}
