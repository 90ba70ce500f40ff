import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import { SESSION_LIVE_EVENTS } from '#shared/schemas/sessions.ts';
import type { MailPluginOptions } from '../mail/public.ts';
import { SessionPresence } from './presence.ts';
import { sessionRoutes } from './routes.ts';
import { SESSION_REMINDER_QUEUE, SessionReminders, type SessionRemindersOptions } from './session-reminders.ts';
import { isUuid } from '../../lib/ids.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The 'ama_starting' reminder jobs at each session's start. */
    sessionReminders: SessionReminders;
  }
}

export interface SessionsPluginOptions {
  /** The app's mail settings: a test app's own mail queue gives the reminder queue a name of its own. */
  mail?: MailPluginOptions;
  /** Settings of the reminder queue (tests poll it more often). */
  reminders?: SessionRemindersOptions;
}

/**
 * AMA sessions (events): the routes, the live topic `session:{id}` (anyone may watch; the
 * connections watching it are its viewers) and the reminder job at each session's start.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: SessionsPluginOptions) => {
    // Who watches a session is who holds a live connection watching its topic.
    const presence = new SessionPresence({
      db: app.db,
      publish: app.live.publish,
      logger: app.log.child({ component: 'session-presence' }),
    });
    app.live.hub.registerTopicKind('session', {
      authorize: ({ id }) => isUuid(id),
      presence,
      coalesce: [SESSION_LIVE_EVENTS.presenceChanged],
    });
    const presenceRefresh = setInterval(() => void presence.refresh(), SESSION_LIMITS.presenceRefreshSeconds * 1000);
    presenceRefresh.unref();
    app.addHook('onClose', async () => {
      clearInterval(presenceRefresh);
      await presence.close();
    });
    const mailQueue = options.mail?.queue;
    const reminders = new SessionReminders({
      queue: mailQueue ? `${mailQueue}.session-reminder` : SESSION_REMINDER_QUEUE,
      ...(options.mail?.pollingIntervalSeconds ? { pollingIntervalSeconds: options.mail.pollingIntervalSeconds } : {}),
      ...options.reminders,
      jobs: app.jobs,
      transaction: app.transaction,
    });
    app.decorate('sessionReminders', reminders);
    await app.register(sessionRoutes);
  },
  { name: 'sessions', dependencies: ['database', 'jobs', 'viewer', 'rate-limit', 'live', 'mail', 'groups'] },
);
