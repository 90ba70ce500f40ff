import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from one of our own pages: its Origin is our public address or the
 * address the request was sent to. A page of another site cannot forge its Origin.
 */
export function isSameSiteOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicUrl) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
