import type http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/** How long a stopping process lets the HTTP requests under way finish before it cuts their connections. */
export const REQUEST_GRACE_MS = 10_000;

/**
 * How long a stopping process waits, after it stopped listening, for the requests of connections
 * it accepted just before to arrive (a proxy writes its request right after connecting).
 */
export const ARRIVAL_MS = 200;

/** How long it waits for live clients to answer the close (1001) before it cuts their sockets. */
export const LIVE_CLOSE_GRACE_MS = 2_000;

/**
 * The HTTP requests under way on a server (WebSocket upgrades are not requests). Once `stopping()`
 * was called, every response, of the requests under way and of those still arriving on open
 * connections, says `Connection: close`, so no connection outlives its current request.
 */
export class RequestsInFlight {
  readonly #responses = new Set<http.ServerResponse>();
  #drained: (() => void)[] = [];
  #isStopping = false;

  constructor(server: http.Server) {
    server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
      if (this.#isStopping) response.setHeader('connection', 'close');
      this.#responses.add(response);
      // 'close' comes once per response: sent, or its connection gone
      response.once('close', () => {
        this.#responses.delete(response);
        if (this.#responses.size === 0) for (const resolve of this.#drained.splice(0)) resolve();
      });
    });
  }

  get count(): number {
    return this.#responses.size;
  }

  /** From now on every response closes its connection. */
  stopping(): void {
    this.#isStopping = true;
    for (const response of this.#responses) if (!response.headersSent) response.setHeader('connection', 'close');
  }

  /** Resolves true when no request is under way, or false after `timeoutMs`. */
  async drained(timeoutMs: number): Promise<boolean> {
    if (this.#responses.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      new Promise<true>((resolve) => this.#drained.push(() => resolve(true))),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return done;
  }
}

/** Resolves when every one of `sockets` has closed, or after `timeoutMs` (it then cuts those still open). */
async function socketsClosed(sockets: Iterable<WebSocket>, timeoutMs: number): Promise<void> {
  const open = [...sockets].filter((socket) => socket.readyState !== socket.CLOSED);
  if (open.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(open.map((socket) => new Promise((resolve) => socket.once('close', resolve)))),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
}

/**
 * The first steps of stopping a listening process, in this order:
 * 1. it stops accepting connections;
 * 2. the requests under way finish (and those of connections it had just accepted, which arrive
 *    within ARRIVAL_MS), for at most REQUEST_GRACE_MS, after which their connections are cut; then
 *    the idle keep-alive connections close;
 * 3. the live sockets are closed with 1001 (`closeLive`), so clients reconnect, to another process
 *    where there are several; a socket that does not answer within LIVE_CLOSE_GRACE_MS is cut.
 * Then Fastify's close goes on: the plugins' onClose hooks stop the job workers (each finishes its
 * current job) and the pools, and server/main.ts flushes the logs and stops the embedded database.
 * Requests that arrive meanwhile on connections already open are served (Fastify's
 * `return503OnClosing` is off: a proxy does not send a POST answered 503 to another process), and
 * their answers close their connections.
 */
export async function drainServer(options: {
  server: http.Server;
  requests: RequestsInFlight;
  websockets: WebSocketServer;
  closeLive: () => void;
  logger: FastifyBaseLogger;
  requestGraceMs?: number;
  liveCloseGraceMs?: number;
}): Promise<void> {
  const { server, requests, websockets, logger } = options;
  if (server.listening) {
    // Only the listener closes here: http.Server#close would also close the connections that carry
    // no request yet, among them those a proxy opened an instant ago and is writing a request on
    // (nginx answers such a POST 502: it never sends a POST again). Fastify closes the server
    // again after this hook; that second close waits for the same 'close'.
    net.Server.prototype.close.call(server);
    requests.stopping();
    await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS));
    const inFlight = requests.count;
    if (!(await requests.drained(options.requestGraceMs ?? REQUEST_GRACE_MS))) {
      logger.warn(
        { inFlight: requests.count, graceMs: options.requestGraceMs ?? REQUEST_GRACE_MS },
        'requests still under way at the end of the grace period: closing their connections',
      );
      server.closeAllConnections();
    } else if (inFlight > 0) {
      logger.info({ finished: inFlight }, 'requests under way finished');
    }
    // keep-alive connections between requests: a request arriving on one meanwhile was answered 503
    server.closeIdleConnections();
  }
  const liveSockets = websockets.clients.size;
  options.closeLive();
  await socketsClosed(websockets.clients, options.liveCloseGraceMs ?? LIVE_CLOSE_GRACE_MS);
  await new Promise<void>((resolve) => {
    websockets.close(() => resolve());
  });
  if (liveSockets > 0) logger.info({ liveSockets }, 'live connections closed (1001)');
}
