import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailPluginOptions } from '../mail/public.ts';
import { notificationContentCheck } from './delivery-checks.ts';
import { NotificationJobs, type NotificationJobsOptions } from './notification-jobs.ts';
import { notificationRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification e-mails that run as jobs: the batched 'newQuestions' and the weekly digest. */
    notificationJobs: NotificationJobs;
  }
}

export interface NotificationsPluginOptions {
  /** The app's mail settings: a test app's own mail queue gives these queues names of their own. */
  mail?: MailPluginOptions;
  /** Timings of the notification e-mails (tests shorten them). */
  jobs?: NotificationJobsOptions;
}

/** In-app notifications (the bell's routes) and the notification e-mails that run as jobs. */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsPluginOptions) => {
    const mailQueue = options.mail?.queue;
    const jobs = new NotificationJobs({
      ...(mailQueue ? { queuePrefix: `${mailQueue}.notifications` } : {}),
      ...(options.mail?.pollingIntervalSeconds ? { pollingIntervalSeconds: options.mail.pollingIntervalSeconds } : {}),
      ...options.jobs,
      jobs: app.jobs,
      db: app.db,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
    });
    // what a notification e-mail is about is asked again when it goes out
    app.mail.addDeliveryCheck(notificationContentCheck);
    app.decorate('notificationJobs', jobs);
    await app.register(notificationRoutes);
  },
  { name: 'notifications', dependencies: ['database', 'jobs', 'viewer', 'mail', 'live'] },
);
