import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from './app.ts';
import type { AppConfig } from './config/env.ts';
import { SLOW_REQUEST_MS } from './plugins/access-log.ts';
import { testConfig, testMailOptions } from './test/app.ts';

// Every line the app logs, as written: the request log goes through the app's own pino options.
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

/** Routes that fail and that take their time, to see what the access log keeps. */
const trouble: FastifyPluginAsync = async (app) => {
  app.get('/api/test-only/fails', async () => {
    throw new Error('a bug');
  });
  // an error written with the app's logger (not the request's), after an await, as features and libraries do
  app.get('/api/test-only/logs-an-error', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    app.log.error({ detail: 'side work' }, 'a side task failed');
    app.log.warn('a warning about it');
    return { ok: true };
  });
  app.get('/api/test-only/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
};

async function appWithAccessLog(accessLog: AppConfig['accessLog'], into: Writable): Promise<FastifyInstance> {
  const config = testConfig({ logLevel: 'info', accessLog });
  const built = await buildApp({
    config,
    databaseUrl: inject('databaseUrl'),
    logger: { ...(loggerOptions(config) as object), stream: into },
    mail: testMailOptions(),
    plugins: [trouble],
  });
  await built.ready();
  return built;
}

type LogEntry = { msg?: string; level?: number; reqId?: string; req?: { url?: string }; res?: { statusCode?: number } };
const entries = (from: string[]) => from.map((line) => JSON.parse(line) as LogEntry);

let app: FastifyInstance;
beforeAll(async () => {
  app = await appWithAccessLog('full', stream);
});
afterAll(async () => {
  await app.close();
});

describe('the request log', () => {
  it('keeps tokens, OAuth codes and states out, and the rest of the URL in', async () => {
    const secrets = ['unsub7c1d9e', 'reset5b8a2f', 'oauthcode3e4f', 'oauthstate9a0b', 'encoded1f2e', 'verify6d7c'];
    const requests = [
      { method: 'POST' as const, url: `/api/mail/unsubscribe?token=${secrets[0]}` },
      { method: 'GET' as const, url: `/reset-password?token=${secrets[1]}` },
      { method: 'GET' as const, url: `/api/auth/callback/google?code=${secrets[2]}&state=${secrets[3]}` },
      { method: 'GET' as const, url: `/api/health?visible=yes&%54oken=${secrets[4]}` },
      { method: 'GET' as const, url: `/api/auth/verify-email?token=${secrets[5]}&callbackURL=%2Fhome` },
    ];
    for (const request of requests) await app.inject(request);

    const log = lines.join('');
    const urls = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .map((entry) => entry.req?.url)
      .filter((url): url is string => url !== undefined);
    // each request was logged, so the absence of the secrets means something
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/mail/unsubscribe?token=[redacted]',
        '/reset-password?token=[redacted]',
        '/api/auth/callback/google?code=[redacted]&state=[redacted]',
        '/api/health?visible=yes&%54oken=[redacted]',
        '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fhome',
      ]),
    );
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('writes one line per request with ACCESS_LOG=full: method, redacted URL, status and time', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/health?token=abc123' });
    expect(response.statusCode).toBe(200);
    const completed = entries(lines).filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(completed[0]).toHaveProperty('responseTime');
  });
});

describe('error lines', () => {
  it("carry the request's id whichever logger wrote them, once", async () => {
    lines.length = 0;
    const logged = await app.inject({ method: 'GET', url: '/api/test-only/logs-an-error' });
    const failed = await app.inject({ method: 'GET', url: '/api/test-only/fails' });
    expect([logged.statusCode, failed.statusCode]).toEqual([200, 500]);

    const sideError = lines.find((line) => line.includes('a side task failed'));
    expect(sideError && (JSON.parse(sideError) as LogEntry).reqId).toBe(logged.headers['x-request-id']);
    const bug = lines.find(
      (line) => line.includes('"level":50') && line.includes(String(failed.headers['x-request-id'])),
    );
    expect(bug).toBeDefined();
    for (const line of lines.filter((each) => each.includes('"level":50'))) {
      expect(line.match(/"reqId":/g)).toHaveLength(1);
    }
    // only errors get it: other lines of the app's logger stay as they were
    const warning = lines.find((line) => line.includes('a warning about it'));
    expect(warning && (JSON.parse(warning) as LogEntry).reqId).toBeUndefined();
    // and nothing outside a request does
    app.log.error('outside any request');
    expect((JSON.parse(lines.at(-1) ?? '{}') as LogEntry).reqId).toBeUndefined();
  });
});

describe('the access log in its other modes', () => {
  it('ACCESS_LOG=errors leaves ordinary requests out and keeps errors and slow requests, as warnings', async () => {
    const own: string[] = [];
    const quiet = await appWithAccessLog(
      'errors',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          own.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    try {
      for (let i = 0; i < 20; i++)
        expect((await quiet.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(entries(own).filter((entry) => entry.msg === 'request completed')).toEqual([]);

      expect((await quiet.inject({ method: 'GET', url: '/api/test-only/fails' })).statusCode).toBe(500);
      expect((await quiet.inject({ method: 'GET', url: '/api/test-only/slow' })).statusCode).toBe(200);
      const kept = entries(own).filter((entry) => entry.msg === 'request completed');
      expect(kept.map((entry) => [entry.req?.url, entry.res?.statusCode, entry.level])).toEqual([
        ['/api/test-only/fails', 500, 40],
        ['/api/test-only/slow', 200, 40],
      ]);
    } finally {
      await quiet.close();
    }
  });
});
