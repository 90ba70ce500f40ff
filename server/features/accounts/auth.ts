import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/** Longest password accepted: argon2 handles more, but nobody types this much. */
export const PASSWORD_MAX_LENGTH = 128;
/** Sessions last 30 days and are extended once a day while used. */
const SESSION_DAYS = 30;

/**
 * better-auth on our Drizzle schema, with its weak defaults replaced: argon2id instead of
 * scrypt, no cookie cache (a revoked session stops at once), httpOnly SameSite=Lax cookies,
 * `__Secure-` and Secure behind https, sessions ended on password reset, no telemetry.
 * Its own rate limiter is off: ours covers every route and is shared between processes.
 */
export function createAuth(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  /** Sends the password reset e-mail with a link that carries `token`. */
  sendResetPassword: (data: { user: { id: string; email: string; name: string }; token: string }) => Promise<void>;
}) {
  const { db, config, logger } = options;
  const isHttps = config.publicUrl.startsWith('https:');
  return betterAuth({
    appName: 'Townhall',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Into our structured log, not the console.
    logger: {
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : level === 'info' ? 'info' : 'debug';
        logger[method]({ component: 'better-auth', details: args.length > 0 ? args : undefined }, message);
      },
    },
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    user: {
      additionalFields: {
        // Set by our sign-up route after its checks; better-auth's own sign-up endpoint is not exposed.
        username: { type: 'string', required: true, input: true },
        usernameHistory: { type: 'string[]', required: false, input: false, defaultValue: [] },
        quote: { type: 'string', required: false, input: false, defaultValue: '' },
        profileImageUrl: { type: 'string', required: false, input: false, defaultValue: '' },
        followers: { type: 'number', required: false, input: false, defaultValue: 0 },
        following: { type: 'number', required: false, input: false, defaultValue: 0 },
        subscribing: { type: 'number', required: false, input: false, defaultValue: 0 },
        emailSettings: { type: 'json', required: false, input: false, defaultValue: { ...DEFAULT_EMAIL_SETTINGS } },
        lastTokenUpdate: { type: 'date', required: false, input: false, defaultValue: () => new Date() },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, token }) => options.sendResetPassword({ user, token }),
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'townhall',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
