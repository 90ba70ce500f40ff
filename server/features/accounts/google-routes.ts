import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GOOGLE_MESSAGES,
  GOOGLE_WELCOME_PARAM,
  GOOGLE_WELCOME_VALUE,
  googleSignInErrorCode,
  type GoogleSignInErrorCode,
} from '#shared/constants/google-sign-in.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  AuthProvidersResponseSchema,
  GoogleIdTokenResponseSchema,
  GoogleSignInStartInputSchema,
  GoogleSignInStartResponseSchema,
  WelcomeInputSchema,
  WelcomeResponseSchema,
} from '#shared/schemas/google-sign-in.ts';
import { accounts } from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import { SECURITY } from '../../plugins/openapi-document.ts';
import { addressSubject } from '../../plugins/rate-limit.ts';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';
import { GOOGLE_PROVIDER_ID } from './google-link.ts';
import { ACCOUNT_RATE_RULES } from './rate-rules.ts';
import { toWebHeaders } from './routes.ts';
import { bearerToken, sendWelcome } from './welcome.ts';

/** Where Google sends the person back: `${PUBLIC_URL}${GOOGLE_CALLBACK_PATH}` is the redirect URI to register. */
export const GOOGLE_CALLBACK_PATH = `/api/auth/callback/${GOOGLE_PROVIDER_ID}`;

/** A query value of the callback, as the browser sends it (once, or repeated). */
const CALLBACK_VALUE = z.union([z.string(), z.array(z.string())]).optional();

/** A same-site path to land on, as an absolute URL of PUBLIC_URL; anything else is the home page. */
function landingUrl(publicUrl: string, next: string | undefined): URL {
  const url = new URL(next ?? '/', publicUrl);
  return url.origin === publicUrl ? url : new URL('/', publicUrl);
}

/** The sign-in page showing a Google sign-in failure, keeping where the person was going. */
function signInErrorPath(code: GoogleSignInErrorCode, next: string | null): string {
  const query = new URLSearchParams({ error: code });
  if (next && next !== '/') query.set('next', next);
  return `/login?${query.toString()}`;
}

function forwardCookies(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}

/**
 * "Continue with Google" over better-auth's generic OAuth plugin, whose HTTP handler is not
 * mounted: only these routes reach it, behind our Origin check and rate limits.
 *
 * - POST /api/accounts/google/start: better-auth stores the state (PKCE verifier, nonce, where
 *   to go) in `verifications` and a signed cookie, and answers the authorization URL.
 * - GET /api/auth/callback/google: better-auth checks state and cookie (single use), the `iss`
 *   of the answer, exchanges the code with the PKCE verifier, verifies the ID token, then signs
 *   in, links or creates the person. Its failures become `/login?error=<code>`.
 * - GET /api/accounts/google/id-token and POST /api/auth/welcome: the welcome call (spec
 *   section 7). A new Google account lands on `?welcome=google`; the client then fetches the ID
 *   token stored at sign-in with its session cookie (httpOnly: scripts never see the session)
 *   and sends it as the Bearer of the welcome call, which checks it against Google's keys.
 */
export function googleRoutes(verifier: GoogleIdTokenVerifier | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const { publicUrl } = app.config;
    const isEnabled = Boolean(app.config.google && verifier);

    app.get(
      '/api/accounts/providers',
      {
        schema: {
          summary: 'Sign-in methods besides e-mail and password that this server offers',
          tags: ['accounts'],
          response: { 200: AuthProvidersResponseSchema },
        },
      },
      async () => ({ google: isEnabled }),
    );

    app.post(
      '/api/accounts/google/start',
      {
        schema: {
          summary: 'Start "Continue with Google": answers the URL to send the browser to',
          tags: ['accounts'],
          body: GoogleSignInStartInputSchema,
          response: { 200: GoogleSignInStartResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!isEnabled) throw notFound(GOOGLE_MESSAGES.disabled);
        await app.rateLimit.hit(ACCOUNT_RATE_RULES.googleSignInPerAddress, addressSubject(request.ip));
        const landing = landingUrl(publicUrl, request.body.next);
        const next = `${landing.pathname}${landing.search}${landing.hash}`;
        const newUserLanding = new URL(landing);
        newUserLanding.searchParams.set(GOOGLE_WELCOME_PARAM, GOOGLE_WELCOME_VALUE);
        const { headers, response } = await app.auth.api.signInSocial({
          body: {
            provider: GOOGLE_PROVIDER_ID,
            callbackURL: landing.href,
            newUserCallbackURL: newUserLanding.href,
            // better-auth adds `error=<code>`; the callback route below rewrites it for the page.
            errorCallbackURL: `${publicUrl}/login${next === '/' ? '' : `?${new URLSearchParams({ next }).toString()}`}`,
            disableRedirect: true,
          },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        if (!response.url) throw new Error('better-auth answered no authorization URL');
        forwardCookies(headers, reply);
        return { url: response.url };
      },
    );

    app.get(
      GOOGLE_CALLBACK_PATH,
      {
        schema: {
          summary: 'Where Google sends the browser back; redirects into the app, or to /login?error=<code>',
          tags: ['accounts'],
          // what Google sends back (RFC 6749 4.1.2, RFC 9207 `iss`); other parameters pass to better-auth as sent
          querystring: z.looseObject({
            code: CALLBACK_VALUE.describe('The authorization code'),
            state: CALLBACK_VALUE.describe('The state that POST /api/accounts/google/start began'),
            iss: CALLBACK_VALUE.describe("The issuer of the answer (Google's)"),
            scope: CALLBACK_VALUE.describe('The scopes granted'),
            error: CALLBACK_VALUE.describe('Why Google refused, instead of a code (`access_denied`)'),
            error_description: CALLBACK_VALUE.describe("Google's words for the refusal"),
          }),
          response: {
            302: z.null().describe('A redirect into the app, or to `/login?error=<code>` (its `Location` header)'),
          },
        },
      },
      async (request, reply) => handleCallback(request, reply),
    );

    async function handleCallback(request: FastifyRequest, reply: FastifyReply) {
      const redirect = (location: string) => reply.status(302).header('location', location).send(null);
      if (!isEnabled) return redirect(signInErrorPath('google_failed', null));
      try {
        await app.rateLimit.hit(ACCOUNT_RATE_RULES.googleSignInPerAddress, addressSubject(request.ip));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) {
          return redirect(signInErrorPath('too_many_attempts', null));
        }
        throw error;
      }
      const search = new URL(request.raw.url ?? '', publicUrl).search;
      let response: Response;
      try {
        response = await app.auth.handler(
          new Request(`${publicUrl}${GOOGLE_CALLBACK_PATH}${search}`, {
            method: 'GET',
            headers: toWebHeaders(request),
          }),
        );
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in callback failed');
        return redirect(signInErrorPath('google_failed', null));
      }
      forwardCookies(response.headers, reply);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        request.log.error({ status: response.status, body: await response.text() }, 'Google sign-in callback failed');
        return redirect(signInErrorPath('google_failed', null));
      }
      const target = new URL(location, publicUrl);
      if (target.origin !== publicUrl) return redirect(signInErrorPath('google_failed', null));
      const failure = target.searchParams.get('error');
      if (failure !== null) {
        // better-auth names the failure (and may describe it in words of its own, left out here).
        request.log.info({ error: failure }, 'Google sign-in refused');
        return redirect(signInErrorPath(googleSignInErrorCode(failure), target.searchParams.get('next')));
      }
      return redirect(`${target.pathname}${target.search}${target.hash}`);
    }

    app.get(
      '/api/accounts/google/id-token',
      {
        schema: {
          summary: "The signed-in person's Google ID token from their last Google sign-in (for the welcome call)",
          tags: ['accounts'],
          response: { 200: GoogleIdTokenResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!isEnabled) throw notFound(GOOGLE_MESSAGES.disabled);
        if (!request.viewer) throw unauthenticated();
        const [row] = await app.db
          .select({ idToken: accounts.idToken })
          .from(accounts)
          .where(
            and(
              eq(accounts.userId, request.viewer.id),
              eq(accounts.providerId, GOOGLE_PROVIDER_ID),
              isNotNull(accounts.idToken),
            ),
          )
          .orderBy(desc(accounts.updatedAt))
          .limit(1);
        if (!row?.idToken) throw notFound(GOOGLE_MESSAGES.noGoogleAccount);
        void reply.header('cache-control', 'no-store');
        return { idToken: row.idToken };
      },
    );

    app.post(
      '/api/auth/welcome',
      {
        schema: {
          summary: 'Welcome a new Google account: e-mails the welcome once',
          description:
            'Send `Authorization: Bearer <Google ID token>`; the body must name the person of that Google account.',
          tags: ['accounts'],
          security: SECURITY.googleIdToken,
          body: WelcomeInputSchema,
          response: {
            200: WelcomeResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            429: ErrorResponseSchema,
            503: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        if (!isEnabled || !verifier) throw notFound(GOOGLE_MESSAGES.disabled);
        await app.rateLimit.hit(ACCOUNT_RATE_RULES.welcomePerAddress, addressSubject(request.ip));
        const idToken = bearerToken(request.headers.authorization);
        if (!idToken) throw unauthenticated(GOOGLE_MESSAGES.missingToken);
        return sendWelcome({
          db: app.db,
          mail: app.mail,
          verifier,
          idToken,
          input: request.body,
          publicUrl,
          logger: request.log,
        });
      },
    );
  };
}
