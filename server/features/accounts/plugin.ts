import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth } from './auth.ts';
import { digestScheduleRoutes } from './digest-schedule-routes.ts';
import { createGoogleIdTokenVerifier } from './google-id-token.ts';
import { googleRoutes } from './google-routes.ts';
import { RESET_LINK_MINUTES } from './password-reset.ts';
import { accountRoutes, toWebHeaders } from './routes.ts';
import { SessionCache } from './session-cache.ts';
import { createSessionReader } from './session-viewer.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Sessions read in the last seconds; the live plugin makes every process forget ended ones. */
    sessionCache: SessionCache;
  }
}

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?townhall\.session_token=/;

/**
 * Accounts: better-auth on our schema, the viewer of every API request resolved from its
 * session cookie (read from the database in one prepared statement, or from the sessions read in
 * the last seconds, which whatever ends a session makes every process forget at once: see
 * SessionCache), and the account routes.
 */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const googleVerifier = app.config.google ? createGoogleIdTokenVerifier(app.config.google) : undefined;
    const auth = createAuth({
      db: app.db,
      config: app.config,
      logger: app.log.child({ component: 'auth' }),
      // A reset the person asked for is sent whatever their e-mail settings say:
      // unsubscribedAll stops every e-mail except password reset.
      sendResetPassword: async ({ user, token }) => {
        const link = `${app.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const rendered = app.mail.render({
          kind: 'password_reset',
          title: 'Reset your Townhall password',
          paragraphs: [
            `Someone asked to reset the password of the Townhall account ${user.email}. If it was you, choose a new password; the link works once, for ${RESET_LINK_MINUTES} minutes, and signs you out everywhere.`,
            'If it was not you, ignore this e-mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url: link },
        });
        await app.mail.send({ ...rendered, to: user.email, userId: user.id });
      },
      googleVerifier,
      // every session ended: so do the live connections opened with them, on every process
      onPasswordReset: (userId) => app.live.endSessions(userId),
      onSessionsRemoved: (userId) => app.live.endSessions(userId),
    });
    app.decorate('auth', auth);

    const sessionCache = new SessionCache();
    app.decorate('sessionCache', sessionCache);
    const readSession = createSessionReader({
      db: app.db,
      cache: sessionCache,
      // better-auth's own secret and cookie name, whatever decided them
      cookie: async () => {
        const context = await auth.$context;
        return { name: context.authCookies.sessionToken.name, secret: context.secret };
      },
    });
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const cookie = request.headers.cookie;
      if (!cookie || !SESSION_COOKIE.test(cookie)) return;
      const found = await readSession(cookie);
      if (found.kind === 'viewer') {
        request.viewer = found.viewer;
        request.sessionToken = found.token;
      } else if (found.kind === 'better-auth') {
        const session = await auth.api.getSession({ headers: toWebHeaders(request) });
        // An account disabled by an administrator is signed out, whatever session it still holds.
        if (session && !session.user.disabledAt) {
          request.viewer = { id: session.user.id };
          request.sessionToken = session.session.token;
        }
      }
    });

    await app.register(accountRoutes);
    await app.register(googleRoutes(googleVerifier));
    await app.register(unsubscribeRoutes);
    await app.register(digestScheduleRoutes);
  },
  { name: 'accounts', dependencies: ['database', 'viewer', 'mail', 'rate-limit'] },
);
