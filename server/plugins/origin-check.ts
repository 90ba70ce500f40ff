import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';
import { isSameSiteOrigin } from '../lib/origin.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every route, ours and the auth library's: a
 * state-changing request must come from our own pages. Browsers send Origin with every such
 * request; one without Origin is accepted only when it carries no cookie (a script or a mail
 * client's one-click unsubscribe), since then it acts on nobody's session.
 *
 * The path is not looked at: the router reaches an API route by many spellings of it
 * (`/%61pi/…` is percent-decoded to `/api/…`), and a check on the raw path let those through.
 * Every state-changing route is an API route, so every POST, PUT, PATCH and DELETE is checked.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('This request came from another site and was refused.');
      }
      if (request.headers.origin !== undefined) {
        if (!isSameSiteOrigin(request, app.config.publicUrl)) {
          throw forbidden('This request came from another site and was refused.');
        }
        return;
      }
      if (request.headers.cookie) {
        throw forbidden('This request has no Origin header and was refused.');
      }
    });
  },
  { name: 'origin-check' },
);
