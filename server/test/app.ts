import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { MailPluginOptions } from '../features/mail/mail-plugin.ts';
import { loadConfig, type AppConfig } from '../config/env.ts';

/** Configuration of an in-process test app; `overrides` win. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://townhall.test' }),
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  };
}

/** Mail settings for a test app: a queue of its own and quick retries. */
export function testMailOptions(overrides: MailPluginOptions = {}): MailPluginOptions {
  return {
    queue: `mail.send.test_${randomUUID().slice(0, 8)}`,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    ...overrides,
  };
}

/** The real app on this run's test database, ready for `app.inject()`. */
export async function buildTestApp(
  options: {
    config?: Partial<AppConfig>;
    plugins?: FastifyPluginAsync[];
    mail?: MailPluginOptions;
    /** Another database than the run's (see `createSiblingDatabase`), for tests that need an empty one. */
    databaseUrl?: string;
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    databaseUrl: options.databaseUrl ?? inject('databaseUrl'),
    logger: false,
    // Apps of one run share its database: each gets its own mail queue, so no app's worker
    // delivers another test's mail with its own settings; retries come after a second.
    mail: testMailOptions(options.mail),
    plugins: options.plugins ?? [],
  });
  await app.ready();
  return app;
}
