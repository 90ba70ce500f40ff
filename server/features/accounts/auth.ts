import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import { DEFAULT_EMAIL_SETTINGS } from '#shared/constants/accounts.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';
import { GOOGLE_PROVIDER_ID, linkGoogleToAccountWithSameEmail } from './google-link.ts';
import { refuseSessionOfDisabledAccount } from './disabled-accounts.ts';
import { deriveUniqueUsername, newUserId } from './google-username.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { betterAuthLogger } from './better-auth-logger.ts';

/** Longest password accepted: argon2 handles more, but nobody types this much. */
export const PASSWORD_MAX_LENGTH = 128;
/** Sessions last 30 days… */
export const SESSION_EXPIRES_IN_SECONDS = 30 * 24 * 60 * 60;
/** …and are extended once a day while used. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

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
  /** Verifies Google ID tokens against GOOGLE_ISSUER; present when Google sign-in is configured. */
  googleVerifier?: GoogleIdTokenVerifier | undefined;
  /** Called after a reset link set a new password and ended every session of `userId`. */
  onPasswordReset?: (userId: string) => Promise<void>;
  /** Called after a Google link removed the sessions of `userId` (an account that never proved its e-mail). */
  onSessionsRemoved?: (userId: string) => Promise<void>;
}) {
  const { db, config, logger } = options;
  const isHttps = config.publicUrl.startsWith('https:');
  const { google } = config;
  const { googleVerifier } = options;
  return betterAuth({
    appName: 'Townhall',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Into our structured log, not the console.
    logger: betterAuthLogger(logger),
    rateLimit: { enabled: false },
    // Callback failures whose own error page is unknown (a state that was never issued, or used)
    // land on the sign-in page; our callback route turns the code into a message the page shows.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    user: {
      additionalFields: {
        // Set by our sign-up route after its checks; a Google sign-up gets one derived in the
        // user-create hook below. Not required here, as better-auth would ask the provider for
        // it; the column is NOT NULL, so no row is ever stored without one.
        username: { type: 'string', required: false, input: true },
        usernameHistory: { type: 'string[]', required: false, input: false, defaultValue: [] },
        quote: { type: 'string', required: false, input: false, defaultValue: '' },
        profileImageUrl: { type: 'string', required: false, input: false, defaultValue: '' },
        followers: { type: 'number', required: false, input: false, defaultValue: 0 },
        following: { type: 'number', required: false, input: false, defaultValue: 0 },
        subscribing: { type: 'number', required: false, input: false, defaultValue: 0 },
        emailSettings: { type: 'json', required: false, input: false, defaultValue: { ...DEFAULT_EMAIL_SETTINGS } },
        lastTokenUpdate: { type: 'date', required: false, input: false, defaultValue: () => new Date() },
        // Read with every session, so a disabled account is signed out even if a session slipped in.
        disabledAt: { type: 'date', required: false, input: false },
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
      onPasswordReset: async ({ user }) => options.onPasswordReset?.(user.id),
      password: { hash: hashPassword, verify: verifyPassword },
    },
    account: {
      // Only linkGoogleToAccountWithSameEmail links by e-mail (it also removes an unproven password).
      accountLinking: { enabled: true, disableImplicitLinking: true, trustedProviders: [] },
      // Townhall never calls Google's APIs; what it keeps of those tokens is at least not readable.
      encryptOAuthTokens: true,
    },
    databaseHooks: {
      user: {
        create: {
          // Runs inside better-auth's transaction that inserts the user and the account, so
          // the profile, its username included, exists exactly when the account does.
          before: async (user) => {
            if (typeof user.username === 'string' && user.username !== '') return;
            const id = newUserId();
            const username = await deriveUniqueUsername(db, { name: user.name, email: user.email, userId: id });
            return { data: { ...user, id, username } };
          },
        },
      },
      session: {
        create: {
          // Every way in (password, Google, sign-up) makes a session here: none for a disabled account.
          before: async (session, context) => {
            await refuseSessionOfDisabledAccount({
              db,
              userId: session.userId,
              findUserById: context?.context.internalAdapter.findUserById,
            });
          },
        },
      },
      account: {
        update: {
          // better-auth stores the fresh tokens of every Google sign-in of a known person here.
          after: async (account) => {
            if (account.providerId !== GOOGLE_PROVIDER_ID) return;
            await db.update(users).set({ lastTokenUpdate: new Date() }).where(eq(users.id, account.userId));
          },
        },
      },
    },
    plugins:
      google && googleVerifier
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  // Endpoints, signing keys and issuer from the issuer's discovery document.
                  discoveryUrl: `${google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  // No discovery, no sign-in: an unverified ID token is never read.
                  requireIdTokenVerification: true,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Sign-in always lets the person choose the Google account.
                  prompt: 'select_account',
                  // Called after better-auth has checked the token's signature, iss (the discovery
                  // document's), aud, exp and nonce. We check it again against GOOGLE_ISSUER itself,
                  // then link an existing account of the same verified e-mail. null refuses the sign-in.
                  getUserInfo: async (tokens) => {
                    if (!tokens.idToken) return null;
                    let identity;
                    try {
                      identity = await googleVerifier.verify(tokens.idToken);
                    } catch (error) {
                      logger.warn({ err: error }, 'Google ID token refused');
                      return null;
                    }
                    if (
                      await linkGoogleToAccountWithSameEmail({
                        db,
                        identity,
                        onSessionsRemoved: options.onSessionsRemoved,
                      })
                    ) {
                      logger.info({ sub: identity.sub }, 'Google account linked to the account of the same e-mail');
                    }
                    return {
                      id: identity.sub,
                      sub: identity.sub,
                      email: identity.email ?? null,
                      emailVerified: identity.isEmailVerified,
                      name: identity.name,
                      image: identity.picture,
                    };
                  },
                },
              ],
            }),
          ]
        : [],
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
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
