import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth } from './auth.ts';
import { accountRoutes, toWebHeaders } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?townhall\.session_token=/;

/**
 * Accounts: better-auth on our schema, the viewer of every API request resolved from its
 * session cookie (checked against the database each time: a revoked session stops at once),
 * and the account routes.
 */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const auth = createAuth({ db: app.db, config: app.config, logger: app.log.child({ component: 'auth' }) });
    app.decorate('auth', auth);

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const cookie = request.headers.cookie;
      if (!cookie || !SESSION_COOKIE.test(cookie)) return;
      const session = await auth.api.getSession({ headers: toWebHeaders(request) });
      if (session) request.viewer = { id: session.user.id };
    });

    await app.register(accountRoutes);
  },
  { name: 'accounts', dependencies: ['database', 'viewer'] },
);
