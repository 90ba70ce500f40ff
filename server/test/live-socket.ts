import WebSocket from 'ws';
import { LiveServerMessageSchema, type LiveServerMessage } from '#shared/schemas/live.ts';

/** A WebSocket client for tests that keeps every message and waits for the one it wants. */
export class TestLiveSocket {
  readonly messages: LiveServerMessage[] = [];
  readonly #socket: WebSocket;
  #waiters: { predicate: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }[] = [];
  closeCode: number | undefined;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (raw) => {
      const message = LiveServerMessageSchema.parse(JSON.parse(raw.toString()));
      this.messages.push(message);
      this.#waiters = this.#waiters.filter((waiter) => {
        if (!waiter.predicate(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
    socket.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /**
   * Opens a socket to `baseUrl`'s /api/live, signed in when `cookie` (a session cookie) is
   * given; rejects with the HTTP status when refused.
   */
  static open(
    baseUrl: string,
    options: {
      origin?: string;
      cookie?: string;
      headers?: Record<string, string>;
      /** More options of the `ws` client: a CA to trust, a local address to connect from. */
      client?: WebSocket.ClientOptions;
    } = {},
  ): Promise<TestLiveSocket> {
    const url = new URL('/api/live', baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const headers: Record<string, string> = { ...options.headers };
    if (options.origin) headers.origin = options.origin;
    if (options.cookie) headers.cookie = options.cookie;
    const socket = new WebSocket(url, { ...options.client, headers });
    const client = new TestLiveSocket(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => reject(new Error(`refused with HTTP ${response.statusCode}: ${body}`)));
        response.on('close', () => reject(new Error(`refused with HTTP ${response.statusCode}: ${body}`)));
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.#socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendRaw(data: string | Buffer): void {
    this.#socket.send(data);
  }

  /** The first message (already received or coming) that matches, within `timeoutMs`. */
  next(predicate: (message: LiveServerMessage) => boolean, timeoutMs = 5_000): Promise<LiveServerMessage> {
    const seen = this.messages.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching live message in time')), timeoutMs);
      this.#waiters.push({
        predicate,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /** Subscribes and waits for the server's answer: `subscribed` or an `error`. */
  async subscribe(topic: string): Promise<LiveServerMessage> {
    this.send({ type: 'subscribe', topic });
    return this.next((m) => (m.type === 'subscribed' || m.type === 'error') && m.topic === topic);
  }

  waitForClose(timeoutMs = 5_000): Promise<number> {
    if (this.closeCode !== undefined) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not close in time')), timeoutMs);
      this.#socket.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close(): void {
    this.#socket.close();
  }
}
