import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { AppError } from '../../lib/errors.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { ACCOUNT_RATE_RULES } from './rate-rules.ts';
import {
  confirmPage,
  invalidLinkPage,
  resubscribedPage,
  unsubscribedPage,
  type UnsubscribeActions,
} from './unsubscribe-page.ts';
import {
  readUnsubscribeLink,
  resubscribeWithToken,
  UNSUBSCRIBE_MESSAGES,
  unsubscribeWithToken,
  type UnsubscribeLink,
} from './unsubscribe.ts';

/** The List-Unsubscribe target of notification e-mails (GET shows a page, POST is one-click). */
export const UNSUBSCRIBE_ROUTE = '/api/mail/unsubscribe';
/** The undo of the unsubscribe page, with the same token. */
export const RESUBSCRIBE_ROUTE = '/api/mail/resubscribe';

const TAGS = ['mail'];
const TokenQuerySchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(1024)
    .describe("The signed token of the e-mail's List-Unsubscribe link")
    .meta({ examples: ['u1.eyJ1c2VySWQiOiJ1c2VyLTEiLCJjYXRlZ29yeSI6Im5ld0Fuc3dlcnMifQ.c2lnbmF0dXJl'] }),
});
/** The form of RFC 8058, urlencoded or multipart; no field at all is accepted too. */
const OneClickBodySchema = z
  .object({
    'List-Unsubscribe': z.string().max(256).optional().describe('"One-Click", as RFC 8058 sends it'),
  })
  // a POST without a body arrives as null
  .nullish();
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const html = (description: string, example: string) => ({
  description,
  content: { 'text/html': { schema: z.string().meta({ examples: [example] }) } },
});
const jsonOrHtml = <T extends z.ZodType>(description: string, schema: T, example: string) => ({
  description,
  content: {
    'application/json': { schema },
    'text/html': { schema: z.string().meta({ examples: [example] }) },
  },
});

/** A POST's 404: JSON for a mail client, the page of a dead link for a browser. */
const DEAD_LINK_RESPONSE = jsonOrHtml(
  'The account of the link is gone (HTML: any dead link)',
  ErrorResponseSchema,
  '<!doctype html>…no longer valid…',
);

/**
 * A browser's form post (the page's buttons) asks for HTML; a mail client's one-click POST
 * does not, and gets JSON as before.
 */
function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** Headers of every page of the link: its URL holds a token. */
function sendPage(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      // `same-origin`, not `no-referrer`: under no-referrer a browser posts the page's forms with
      // `Origin: null`, which the CSRF guard refuses. The page loads nothing from other sites and
      // links only to this one, so the token's URL is never sent anywhere else either way.
      .header('referrer-policy', 'same-origin')
      .send(body)
  );
}

function actionsFor(token: string): UnsubscribeActions {
  const query = `?token=${encodeURIComponent(token)}`;
  return { unsubscribe: `${UNSUBSCRIBE_ROUTE}${query}`, resubscribe: `${RESUBSCRIBE_ROUTE}${query}` };
}

/** A forged token (400) or a gone account (404): both are a dead link to the person reading. */
function isDeadLink(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'invalid_unsubscribe_link' || error.statusCode === 404);
}

/** The fields of a multipart body: a few short ones, never a file. */
async function readMultipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { files: 0, fields: 4, parts: 4, fieldSize: 256, fieldNameSize: 64 },
    })) {
      if (part.type === 'file') {
        part.file.resume();
        throw new AppError(400, 'bad_request', UNSUBSCRIBE_MESSAGES.badForm);
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError(400, 'bad_request', UNSUBSCRIBE_MESSAGES.badForm);
      }
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'bad_request', UNSUBSCRIBE_MESSAGES.badForm);
  }
  return fields;
}

/**
 * The targets of notification e-mails' List-Unsubscribe link.
 *
 * - POST is one-click (RFC 8058): a mail client posts `List-Unsubscribe=One-Click` as
 *   urlencoded or multipart form data (or nothing at all); the token in the query is the
 *   credential. It carries no cookie and no Origin, which the Origin check allows for exactly
 *   that reason. A browser's post from the page below asks for HTML and gets a page back.
 * - GET shows a page that says what would stop and asks to confirm; it changes nothing.
 * - POST on the resubscribe path turns the category back on (the page's undo).
 *
 * Form bodies, and multipart parsing with tight limits, exist in this scope only.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  await app.register(multipart, {
    limits: { files: 0, fields: 4, parts: 4, fieldSize: 256, fieldNameSize: 64 },
  });
  // multipart bodies are read before validation, so the one schema checks both encodings
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartFields(request);
  });

  const secret = () => app.config.sessionSecret ?? '';
  const rateLimit = perAddress(ACCOUNT_RATE_RULES.unsubscribePerAddress);

  app.get(
    UNSUBSCRIBE_ROUTE,
    {
      schema: {
        summary: 'The page of an e-mail’s unsubscribe link: what would stop, and a button to confirm',
        description:
          'Mail clients without one-click open the List-Unsubscribe link with GET. This answers an HTML ' +
          'page (no script) that names the e-mails that would stop and posts its Unsubscribe button to ' +
          'the same URL. A GET never changes a setting.',
        tags: TAGS,
        querystring: TokenQuerySchema,
        // each answer names its own media type: the pages are HTML, a refusal (400, 429) is JSON
        response: {
          200: html('The confirmation page', '<!doctype html><html lang="en">…Unsubscribe from “New answers”?…'),
          404: html('The link is forged, altered or its account is gone', '<!doctype html>…no longer valid…'),
          429: ErrorResponseSchema,
        },
      },
      config: rateLimit,
    },
    async (request, reply) => {
      let link: UnsubscribeLink;
      try {
        link = await readUnsubscribeLink({ db: app.db, token: request.query.token, secret: secret() });
      } catch (error) {
        if (isDeadLink(error)) return sendPage(reply, 404, invalidLinkPage());
        throw error;
      }
      return sendPage(reply, 200, confirmPage(link, actionsFor(request.query.token)));
    },
  );

  app.post(
    UNSUBSCRIBE_ROUTE,
    {
      schema: {
        summary: 'One-click unsubscribe from one kind of notification e-mail (RFC 8058)',
        description:
          'The body is `List-Unsubscribe=One-Click`, urlencoded or multipart/form-data, or empty. ' +
          'A request that accepts text/html (the button of the GET page) gets a confirmation page ' +
          'with a Re-subscribe button; others get JSON. Repeating it changes nothing.',
        tags: TAGS,
        consumes: FORM_TYPES,
        querystring: TokenQuerySchema,
        body: OneClickBodySchema,
        response: {
          200: jsonOrHtml(
            'Unsubscribed: the category turned off',
            z.object({ unsubscribed: z.string().meta({ examples: ['newAnswers'] }) }),
            '<!doctype html>…You are unsubscribed from “New answers”…',
          ),
          400: ErrorResponseSchema,
          404: DEAD_LINK_RESPONSE,
          429: ErrorResponseSchema,
        },
      },
      // generous: a large mail provider unsubscribes many of its users from few addresses
      config: rateLimit,
    },
    async (request, reply) => {
      const value = request.body?.['List-Unsubscribe'];
      if (value !== undefined && value !== 'One-Click') {
        throw new AppError(400, 'bad_request', UNSUBSCRIBE_MESSAGES.wrongFormValue);
      }
      const options = { db: app.db, token: request.query.token, secret: secret() };
      if (!wantsHtml(request)) return { unsubscribed: await unsubscribeWithToken(options) };
      try {
        await unsubscribeWithToken(options);
        const link = await readUnsubscribeLink(options);
        return sendPage(reply, 200, unsubscribedPage(link, actionsFor(request.query.token)));
      } catch (error) {
        if (isDeadLink(error)) return sendPage(reply, 404, invalidLinkPage());
        throw error;
      }
    },
  );

  app.post(
    RESUBSCRIBE_ROUTE,
    {
      schema: {
        summary: 'Turn the category of an unsubscribe link back on (the undo of its page)',
        description:
          'Takes the token of the List-Unsubscribe link. A request that accepts text/html (the ' +
          'button of the page) gets a page back; others get JSON. Repeating it changes nothing.',
        tags: TAGS,
        consumes: FORM_TYPES,
        querystring: TokenQuerySchema,
        body: z.object({}).nullish(),
        response: {
          200: jsonOrHtml(
            'Subscribed again: the category turned back on',
            z.object({ resubscribed: z.string().meta({ examples: ['newAnswers'] }) }),
            '<!doctype html>…You are subscribed to “New answers” again…',
          ),
          400: ErrorResponseSchema,
          404: DEAD_LINK_RESPONSE,
          429: ErrorResponseSchema,
        },
      },
      config: rateLimit,
    },
    async (request, reply) => {
      const options = { db: app.db, token: request.query.token, secret: secret() };
      if (!wantsHtml(request)) return { resubscribed: await resubscribeWithToken(options) };
      try {
        await resubscribeWithToken(options);
        const link = await readUnsubscribeLink(options);
        return sendPage(reply, 200, resubscribedPage(link, actionsFor(request.query.token)));
      } catch (error) {
        if (isDeadLink(error)) return sendPage(reply, 404, invalidLinkPage());
        throw error;
      }
    },
  );
};
