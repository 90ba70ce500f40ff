import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidEmailAddress } from '#shared/lib/email-address.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  AvailabilityQuerySchema,
  AvailabilityResponseSchema,
  ChangePasswordInputSchema,
  EmailSettingsSchema,
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  SessionResponseSchema,
  SignInInputSchema,
  SignUpInputSchema,
} from '#shared/schemas/accounts.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { SECURITY } from '../../plugins/openapi-document.ts';
import { addressSubject, bySubject, perAddress } from '../../plugins/rate-limit.ts';
import { CHANGE_PASSWORD_MESSAGES, changePassword } from './change-password.ts';
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from './disabled-accounts.ts';
import { updateEmailSettings } from './email-settings.ts';
import { accountFieldError } from './field-errors.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.ts';
import { presentSessionUser } from './presenter.ts';
import { ACCOUNT_RATE_RULES } from './rate-rules.ts';
import { sessionTokenOfAnswer, sessionTokenOfRequest } from './session-token.ts';
import { throttleSignIn } from './sign-in-throttle.ts';
import { checkAvailability, invalidEmailError, signUpWithEmail } from './sign-up.ts';
import { sendWelcomeOnce } from './welcome.ts';

/** Node's request headers as the Web Headers better-auth reads. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** Copies the session cookie better-auth set onto our reply. */
/** The inbox a reset link is asked for: the request's (valid) e-mail, as accounts store it. */
function resetEmailOf(body: unknown): string {
  return (body as { email: string }).email.trim().toLowerCase();
}

function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}

/** Sign-up, sign-in, sign-out and the current session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // read with every page load: prepared once
  const sessionUserQuery = app.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('accounts_session_user');
  const sessionUser = async (userId: string) => {
    const [row] = await sessionUserQuery.execute({ userId });
    return row ? presentSessionUser(row) : null;
  };

  app.post(
    '/api/accounts/sign-up',
    {
      schema: {
        summary: 'Sign up with e-mail, username and password',
        tags: ['accounts'],
        body: SignUpInputSchema,
        response: { 201: SessionResponseSchema, 400: ErrorResponseSchema },
      },
      attachValidation: true,
      config: perAddress(ACCOUNT_RATE_RULES.signUpPerAddress),
    },
    async (request, reply) => {
      if (request.validationError) throw accountFieldError(request.validationError);
      const { userId, headers } = await signUpWithEmail({
        db: app.db,
        auth: app.auth,
        input: request.body,
        requestHeaders: toWebHeaders(request),
        logger: request.log,
      });
      forwardCookies(headers, reply);
      const user = await sessionUser(userId);
      // The welcome e-mail is queued, not sent here; a failure to queue it must not undo the sign-up.
      if (user?.profile) {
        const { email, username, name } = user.profile;
        await sendWelcomeOnce({
          db: app.db,
          mail: app.mail,
          person: { id: userId, email, username, name },
          publicUrl: app.config.publicUrl,
          signIn: 'password',
        }).catch((error: unknown) => request.log.error({ err: error }, 'the welcome e-mail could not be queued'));
      }
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/accounts/availability',
    {
      schema: {
        summary: 'Check early whether an e-mail or username can sign up',
        description: 'The same checks and messages as sign-up, per field; null means free.',
        tags: ['accounts'],
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilityResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
      // a read: counted in Redis or this process's memory, never in PostgreSQL
      config: perAddress(ACCOUNT_RATE_RULES.availabilityPerAddress),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return checkAvailability(app.db, request.query);
    },
  );

  app.post(
    '/api/accounts/sign-in',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        tags: ['accounts'],
        // its 401 is a wrong password, not a missing session
        security: SECURITY.none,
        body: SignInInputSchema,
        response: {
          200: SessionResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw accountFieldError(request.validationError);
      const email = request.body.email.trim().toLowerCase();
      const { recordFailure } = await throttleSignIn({
        db: app.db,
        rateLimit: app.rateLimit,
        email,
        address: addressSubject(request.ip),
      });
      // No account can have it; the library would refuse it in its own words.
      if (!isValidEmailAddress(email)) throw invalidEmailError();
      try {
        const { headers, response } = await app.auth.api.signInEmail({
          body: { email, password: request.body.password },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(headers, reply);
        return { user: await sessionUser(response.user.id) };
      } catch (error) {
        if (
          (error as { statusCode?: number }).statusCode === 401 ||
          (error as { status?: string }).status === 'UNAUTHORIZED'
        ) {
          await recordFailure();
          throw new AppError(401, 'invalid_credentials', 'Invalid email or password.');
        }
        // The password was right, but an administrator disabled the account.
        if ((error as { body?: { code?: string } }).body?.code === ACCOUNT_DISABLED_CODE) {
          throw new AppError(403, ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/accounts/sign-out',
    { schema: { summary: 'Sign out of this browser', tags: ['accounts'], response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.viewer) {
        const headers = await app.auth.api.signOut({ headers: toWebHeaders(request), returnHeaders: true });
        forwardCookies(headers.headers, reply);
        await app.live.endSessions(request.viewer.id);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/accounts/change-password',
    {
      schema: {
        summary: 'Change the password (the current one is checked first); other sessions end',
        tags: ['accounts'],
        body: ChangePasswordInputSchema,
        response: { 204: z.null(), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) throw unauthenticated(CHANGE_PASSWORD_MESSAGES.noUser);
      await app.rateLimit.check(ACCOUNT_RATE_RULES.passwordChecksPerAccount, viewer.id);
      try {
        const headers = await changePassword({
          auth: app.auth,
          requestHeaders: toWebHeaders(request),
          currentPassword: request.body.currentPassword,
          newPassword: request.body.newPassword,
          logger: request.log,
        });
        forwardCookies(headers, reply);
        // the other sessions ended; this one goes on under a new token, and so do its sockets
        await app.live.endSessions(viewer.id, {
          replacedToken: { from: sessionTokenOfRequest(request.headers.cookie), to: sessionTokenOfAnswer(headers) },
        });
        return reply.status(204).send(null);
      } catch (error) {
        if (error instanceof AppError && error.code === 'wrong_password') {
          await app.rateLimit.hit(ACCOUNT_RATE_RULES.passwordChecksPerAccount, viewer.id).catch(() => undefined);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/accounts/password-reset',
    {
      schema: {
        summary: 'E-mail a single-use link to choose a new password (same answer whether or not the account exists)',
        tags: ['accounts'],
        body: PasswordResetRequestSchema,
        response: { 204: z.null(), 429: ErrorResponseSchema },
      },
      config: {
        rateLimit: [
          ...perAddress(ACCOUNT_RATE_RULES.passwordResetPerAddress).rateLimit,
          // per inbox as well: nobody's fills with reset links, from however many addresses
          bySubject(ACCOUNT_RATE_RULES.passwordResetPerAccount, (request) => resetEmailOf(request.body)),
        ],
      },
    },
    async (request, reply) => {
      const email = resetEmailOf(request.body);
      await requestPasswordReset({ auth: app.auth, email, logger: request.log });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/accounts/password-reset/complete',
    {
      schema: {
        summary: "Choose a new password with a reset link's token; every session of the account ends",
        tags: ['accounts'],
        body: PasswordResetCompleteSchema,
        response: { 204: z.null(), 400: ErrorResponseSchema },
      },
      config: perAddress(ACCOUNT_RATE_RULES.passwordResetPerAddress),
    },
    async (request, reply) => {
      await completePasswordReset({ auth: app.auth, token: request.body.token, newPassword: request.body.newPassword });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/users/:userId/email-settings',
    {
      schema: {
        summary: "Change some of a person's e-mail settings (the owner only)",
        tags: ['accounts'],
        params: z.strictObject({ userId: z.string().min(1).max(100) }),
        // Checked by the use case, which answers the spec's own message for bad data.
        body: z
          .unknown()
          .describe('Some of the nine e-mail flags, each a boolean')
          .meta({ examples: [{ weeklyDigest: true, productUpdates: false }] }),
        response: {
          200: z.object({ emailSettings: EmailSettingsSchema }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      emailSettings: await updateEmailSettings({
        db: app.db,
        viewer: request.viewer,
        userId: request.params.userId,
        changes: request.body,
      }),
    }),
  );

  app.get(
    '/api/accounts/session',
    {
      schema: {
        summary: 'The signed-in person, or null',
        tags: ['accounts'],
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => ({ user: request.viewer ? await sessionUser(request.viewer.id) : null }),
  );
};
