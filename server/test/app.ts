import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/env.ts';

/** Configuration of an in-process test app; `overrides` win. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://townhall.test' }),
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    ...overrides,
  };
}

/** The real app on this run's test database, ready for `app.inject()`. */
export async function buildTestApp(
  options: { config?: Partial<AppConfig>; plugins?: FastifyPluginAsync[] } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.config),
    databaseUrl: inject('databaseUrl'),
    logger: false,
    plugins: options.plugins ?? [],
  });
  await app.ready();
  return app;
}
