import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';

/** A request slower than this is always logged, as a warning. */
export const SLOW_REQUEST_MS = 500;
/** In `sampled` mode, the share of ordinary requests that get a line. */
export const ACCESS_LOG_SAMPLE_RATE = 0.01;

/** Why a request gets a line, or null when it gets none. */
export function accessLogReason(
  mode: AppConfig['accessLog'],
  statusCode: number,
  elapsedMs: number,
  sample: () => boolean,
): 'error' | 'slow' | 'sampled' | 'full' | null {
  if (statusCode >= 500) return 'error';
  if (elapsedMs >= SLOW_REQUEST_MS) return 'slow';
  if (mode === 'full') return 'full';
  if (mode === 'sampled' && sample()) return 'sampled';
  return null;
}

/**
 * Fastify's request logging with one line per request that deserves one, written when it
 * completes: Fastify's own two lines per request ("incoming request", "request completed")
 * written synchronously cost more than serving a cheap read. Errors (5xx) and slow requests are
 * always logged, as warnings; of the rest, 1 in 100 (`ACCESS_LOG=sampled`, the default), every
 * one (`full`) or none (`errors`). The request's fields go through the logger's `req`
 * serializer, which redacts secrets in the URL. Fastify's other request logs (stream errors,
 * its default error handler) are kept.
 */
export class AccessLogController extends LogController {
  readonly mode: AppConfig['accessLog'];
  readonly #sample: () => boolean;

  constructor(mode: AppConfig['accessLog'], sample: () => boolean = () => Math.random() < ACCESS_LOG_SAMPLE_RATE) {
    super();
    this.mode = mode;
    this.#sample = sample;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsed = reply.elapsedTime;
    const statusCode = reply.statusCode;
    const reason = error ? 'error' : accessLogReason(this.mode, statusCode, elapsed, this.#sample);
    if (!reason) return;
    const entry = { req: request, res: { statusCode }, responseTime: elapsed };
    if (error) request.log.error({ ...entry, err: error }, 'request errored');
    else if (reason === 'error' || reason === 'slow') request.log.warn({ ...entry, reason }, 'request completed');
    else request.log.info(reason === 'sampled' ? { ...entry, sampled: true } : entry, 'request completed');
  }
}
