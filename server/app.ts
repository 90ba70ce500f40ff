import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { createDatabase } from './db/client.ts';
import { redactUrl } from './lib/redact-url.ts';
import { requestIdOfErrors, requestIds } from './lib/request-context.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { accountsPlugin } from './features/accounts/plugin.ts';
import { adminPlugin } from './features/admin/plugin.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { groupsPlugin } from './features/groups/plugin.ts';
import { healthRoutes } from './features/health/routes.ts';
import { imagesPlugin } from './features/images/plugin.ts';
import { mailPlugin, type MailPluginOptions } from './features/mail/mail-plugin.ts';
import { notificationsPlugin, type NotificationsPluginOptions } from './features/notifications/plugin.ts';
import { discoveryPlugin } from './features/discovery/plugin.ts';
import { postsPlugin } from './features/posts/plugin.ts';
import { commentsPlugin } from './features/comments/plugin.ts';
import { likesPlugin } from './features/likes/plugin.ts';
import { sitePlugin } from './features/site/plugin.ts';
import { crawlersPlugin } from './features/crawlers/plugin.ts';
import { feedsPlugin } from './features/feeds/plugin.ts';
import { profilesPlugin, type ProfilesPluginOptions } from './features/profiles/plugin.ts';
import { questionsPlugin } from './features/questions/plugin.ts';
import { ledgerPlugin } from './features/ledger/plugin.ts';
import { hostAnalyticsPlugin } from './features/host-analytics/plugin.ts';
import { searchPlugin } from './features/search/plugin.ts';
import { sessionsPlugin, type SessionsPluginOptions } from './features/sessions/plugin.ts';
import { calendarFeedsPlugin } from './features/calendar-feeds/plugin.ts';
import type { LiveBus } from './live/bus.ts';
import { createPostgresBus } from './live/postgres-bus.ts';
import { createRedisBus } from './live/redis-bus.ts';
import { AccessLogController } from './plugins/access-log.ts';
import { clientPlugin } from './plugins/client.ts';
import { databasePlugin } from './plugins/database.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { pageChangesPlugin } from './plugins/page-changes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { frameworkErrors, inputGuardPlugin } from './plugins/input-guard.ts';
import { livePlugin } from './plugins/live.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { viewerPlugin } from './plugins/viewer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
export const APP_VERSION = packageJson.version;

/** Largest JSON body a route accepts unless it says otherwise. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export interface BuildAppOptions {
  config: AppConfig;
  /** The database this process uses (the embedded one or DATABASE_URL). */
  databaseUrl: string;
  /** Where the built client lives; defaults to dist/client. */
  clientRoot?: string;
  /** Mail queue settings (tests give each app its own queue and short retries). */
  mail?: MailPluginOptions;
  /** Profiles settings (tests shorten the new-followers e-mail's wait). */
  profiles?: ProfilesPluginOptions['newFollowers'];
  /** Notification e-mail timings (tests shorten the new-questions wait). */
  notifications?: NotificationsPluginOptions['jobs'];
  /** Session reminder queue settings. */
  sessions?: SessionsPluginOptions['reminders'];
  /** Extra plugins, registered after the features (tests use this for fixtures). */
  plugins?: FastifyPluginAsync[];
  logger?: FastifyServerOptions['logger'];
}

/** The fields of a request in the log (access log, errors); Fastify's own, but the URL's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // unsubscribe and reset tokens, OAuth code and state: a log must not become a key ring
    url: redactUrl(request.url),
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Whether the logs are readable lines rather than JSON: in development, and wherever the output
 * is a terminal (someone is reading it); JSON lines otherwise, for a log collector.
 */
export function logsArePretty(config: Pick<AppConfig, 'env'>, isTerminal = process.stdout.isTTY === true): boolean {
  return config.env === 'development' || (config.env !== 'test' && isTerminal);
}

/** Pino options: JSON lines, or readable lines when someone reads them (logsArePretty). */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    mixin: requestIdOfErrors,
    ...(logsArePretty(config)
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
}

/** The whole HTTP application, without listening: `main.ts` listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify takes a hop count at run time though its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    // A proxy's or client's request id is kept when it looks like one, so logs line up.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // one line for the requests worth one (server/plugins/access-log.ts)
    logController: new AccessLogController(config.accessLog),
    // A stopping process serves the requests that reach it on connections already open, and closes
    // them after (server/lib/graceful-close.ts), rather than answering 503 as Fastify would.
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from the zod schemas; in tests checked against zod's own on every response
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env === 'test' }));
  app.decorate('config', config);
  // JSON routes take only JSON: a text/plain body (which a cross-site form can send) gets 415.
  app.removeContentTypeParser('text/plain');
  // what is logged while a request is handled knows its id (server/lib/request-context.ts)
  app.addHook('onRequest', (request, _reply, done) => {
    requestIds.run(request.id, done);
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  const db = createDatabase({ url: options.databaseUrl, max: config.databasePoolMax, logger: app.log });
  const bus: LiveBus = config.redisUrl
    ? createRedisBus({ url: config.redisUrl, logger: app.log })
    : createPostgresBus({ url: options.databaseUrl, logger: app.log });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(originCheckPlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { db });
  // before every route: each route gets its own timing hook (METRICS_TOKEN / METRICS_PORT, else nothing)
  await app.register(metricsPlugin);
  await app.register(pageChangesPlugin);
  await app.register(viewerPlugin);
  await app.register(openApiPlugin, { version: APP_VERSION });
  await app.register(rateLimitPlugin);
  // before every feature: they define their queues on app.jobs while they register
  await app.register(jobsPlugin);
  await app.register(mailPlugin, options.mail ?? {});
  await app.register(accountsPlugin);
  await app.register(livePlugin, { bus });

  await app.register(healthRoutes, { version: APP_VERSION });
  await app.register(analyticsRoutes);
  await app.register(adminPlugin);
  await app.register(imagesPlugin);
  await app.register(profilesPlugin, { mail: options.mail ?? {}, newFollowers: options.profiles ?? {} });
  await app.register(groupsPlugin);
  await app.register(questionsPlugin);
  await app.register(ledgerPlugin);
  await app.register(hostAnalyticsPlugin);
  await app.register(postsPlugin);
  await app.register(commentsPlugin);
  await app.register(likesPlugin);
  await app.register(sessionsPlugin, { mail: options.mail ?? {}, reminders: options.sessions ?? {} });
  await app.register(calendarFeedsPlugin);
  await app.register(notificationsPlugin, { mail: options.mail ?? {}, jobs: options.notifications ?? {} });
  await app.register(searchPlugin);
  await app.register(discoveryPlugin);
  await app.register(sitePlugin);
  await app.register(crawlersPlugin);
  await app.register(feedsPlugin);
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  // The first onClose hook to run (the last added): the job workers finish their jobs while all
  // their handlers use (the mail transport, the live bus, the pool) is still open.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
  });

  await app.register(clientPlugin, { root: options.clientRoot ?? path.join(projectRoot, 'dist', 'client') });
  return app;
}
