import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { PASSWORD_TOO_LONG_MESSAGE } from './change-password.ts';
import { ORIGIN, signUp, someAddress, uniqueSuffix } from '../../test/factories.ts';

// A password over better-auth's limit was a 500 on change-password (and an error log on sign-up).
const tooLong = 'a fine secret '.repeat(20).slice(0, PASSWORD_MAX_LENGTH + 1);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: someAddress(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });

describe(`passwords over ${PASSWORD_MAX_LENGTH} characters are a 400 with a sentence`, () => {
  it('on sign-up', async () => {
    const suffix = uniqueSuffix();
    const response = await post('/api/accounts/sign-up', {
      email: `long.${suffix}@example.com`,
      username: `long_${suffix}`,
      password: tooLong,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it('on change-password', async () => {
    const person = await signUp(app, 'long');
    const response = await post(
      '/api/accounts/change-password',
      { currentPassword: 'a fine secret', newPassword: tooLong },
      person.cookie,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toEqual({ code: 'password_too_long', message: PASSWORD_TOO_LONG_MESSAGE });
  });

  it('on completing a password reset', async () => {
    const response = await post('/api/accounts/password-reset/complete', {
      token: 'a'.repeat(24),
      newPassword: tooLong,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toEqual({ code: 'password_too_long', message: PASSWORD_TOO_LONG_MESSAGE });
  });
});
