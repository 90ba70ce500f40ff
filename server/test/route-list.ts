import type { FastifyInstance } from 'fastify';

/** One method of one registered route, as the router holds it (`/api/groups/:groupId`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the app has registered, read from the router's own tree (`printRoutes`), so a
 * route hidden from the OpenAPI document is still listed. HEAD twins of GET routes are left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const drawing = /^[│├└─\s]*/u.exec(line)?.[0] ?? '';
    const rest = line.slice(drawing.length);
    if (rest === '') continue;
    const depth = drawing.length / 4 - 1;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    if (!match?.[1] || !Number.isInteger(depth)) throw new Error(`cannot read the route line ${JSON.stringify(line)}`);
    segments.length = depth;
    segments.push(match[1]);
    const url = segments.join('');
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** `/api/groups/:groupId` → `/api/groups/{groupId}`, the OpenAPI spelling. */
export const openApiPath = (url: string) => url.replaceAll(/:([A-Za-z0-9_]+)/g, '{$1}');
