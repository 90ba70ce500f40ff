import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/env.ts';
import { securityHeadersPlugin, type SecurityHeadersOptions } from './security-headers.ts';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(options: SecurityHeadersOptions) {
  const app = Fastify();
  apps.push(app);
  app.decorate('config', { publicUrl: 'https://townhall.example.com' } as AppConfig);
  await app.register(securityHeadersPlugin, options);
  app.get('/*', async () => 'page');
  return app;
}

describe('the framing hook (a future presenter view)', () => {
  it('lets only the named pages be framed, by the named origins', async () => {
    const app = await appWith({
      isFrameablePath: (pathname) => pathname.startsWith('/present/'),
      frameAncestors: ["'self'", 'https://studio.example.com'],
    });
    const framed = await app.inject({ method: 'GET', url: '/present/abc?x=1' });
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self' https://studio.example.com;");

    const other = await app.inject({ method: 'GET', url: '/group/abc' });
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none';");
  });

  it('frames nothing by default', async () => {
    const app = await appWith({});
    const response = await app.inject({ method: 'GET', url: '/present/abc' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none';");
  });
});
