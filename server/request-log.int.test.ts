import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from './app.ts';
import { testConfig, testMailOptions } from './test/app.ts';

// Every line the app logs, as written: the request log goes through the app's own pino options.
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let app: FastifyInstance;
beforeAll(async () => {
  const config = testConfig({ logLevel: 'info' });
  app = await buildApp({
    config,
    databaseUrl: inject('databaseUrl'),
    logger: { ...(loggerOptions(config) as object), stream },
    mail: testMailOptions(),
  });
  await app.ready();
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
});
