import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailPluginOptions } from '../mail/public.ts';
import { NEW_FOLLOWERS_QUEUE, NewFollowersMailer, type NewFollowersMailOptions } from './new-followers-mail.ts';
import { profileRoutes } from './routes.ts';

export interface ProfilesPluginOptions {
  /** The app's mail settings: a test app's own mail queue gives its follower queue a name of its own. */
  mail?: MailPluginOptions;
  /** Timing of the batched 'newFollowers' e-mail (tests shorten it). */
  newFollowers?: NewFollowersMailOptions;
}

/** Profiles, usernames and follows: the routes and the batched new-followers e-mail. */
export const profilesPlugin = fp(
  async (app: FastifyInstance, options: ProfilesPluginOptions) => {
    const mailQueue = options.mail?.queue;
    const mailer = new NewFollowersMailer({
      queue: mailQueue ? `${mailQueue}.new-followers` : NEW_FOLLOWERS_QUEUE,
      ...(options.mail?.pollingIntervalSeconds ? { pollingIntervalSeconds: options.mail.pollingIntervalSeconds } : {}),
      ...options.newFollowers,
      jobs: app.jobs,
      db: app.db,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
    });
    await app.register(profileRoutes(mailer));
  },
  { name: 'profiles', dependencies: ['database', 'jobs', 'viewer', 'mail', 'rate-limit', 'accounts', 'live'] },
);
