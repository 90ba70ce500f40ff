import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { SessionResponseSchema, SignInInputSchema, SignUpInputSchema } from '#shared/schemas/accounts.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { presentSessionUser } from './presenter.ts';
import { signUpWithEmail } from './sign-up.ts';

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
function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}

/** Sign-up, sign-in, sign-out and the current session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionUser = async (userId: string) => {
    const [row] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
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
    },
    async (request, reply) => {
      const { userId, headers } = await signUpWithEmail({
        db: app.db,
        auth: app.auth,
        input: request.body,
        requestHeaders: toWebHeaders(request),
        logger: request.log,
      });
      forwardCookies(headers, reply);
      return reply.status(201).send({ user: await sessionUser(userId) });
    },
  );

  app.post(
    '/api/accounts/sign-in',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        tags: ['accounts'],
        body: SignInInputSchema,
        response: { 200: SessionResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const { headers, response } = await app.auth.api.signInEmail({
          body: { email: request.body.email.trim().toLowerCase(), password: request.body.password },
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
          throw new AppError(401, 'invalid_credentials', 'Invalid email or password.');
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
      }
      return reply.status(204).send(null);
    },
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
