import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { matchesEtag } from '../../plugins/client.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { findGroup } from '../share/public.ts';
import { blogFeed, FEED_ENTRIES, groupAnswersFeed, groupPostsFeed, type AtomFeed } from './atom.ts';
import { ATOM_TYPE } from './feed-paths.ts';
import { OEMBED_MESSAGES, OembedQuerySchema, OembedResponseSchema, resolveOembed } from './oembed.ts';
import { FEED_RATE_RULES } from './rate-rules.ts';

const TAGS = ['feeds'];
const error = ErrorResponseSchema;

/** The plain-text answer of a feed that does not exist (a feed reader shows it, if anything). */
export const NO_GROUP_FEED = 'There is no group with this address, so there is no feed to follow.';

const ATOM_EXAMPLE =
  '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n' +
  '    <id>https://townhall.example.com/group/bread-club/posts.atom</id>\n    <title>Bread club: posts</title>\n' +
  '    <updated>2026-11-27T12:00:00.000Z</updated>\n</feed>';

const feedResponses = (what: string) => ({
  200: {
    description: `${what} (Atom, RFC 4287)`,
    content: { [ATOM_TYPE]: { schema: z.string().meta({ examples: [ATOM_EXAMPLE] }) } },
  },
  304: z.null().describe('Not modified: the ETag in If-None-Match is the current one'),
  400: error,
  404: {
    description: 'There is no such group',
    content: { 'text/plain': { schema: z.string().meta({ examples: [NO_GROUP_FEED] }) } },
  },
  429: error,
});

const SlugParamsSchema = z.strictObject({ slug: z.string().min(1).max(200).describe("The group's address") });

/** Sends a feed: 200 with its bytes, or 304 when If-None-Match names its ETag (over the bytes). */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: AtomFeed) {
  void reply.header('cache-control', 'public, max-age=300').header('etag', feed.etag);
  if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.status(304).send(null);
  return reply.type(`${ATOM_TYPE}; charset=utf-8`).send(feed.body);
}

const noGroup = (reply: FastifyReply) =>
  reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NO_GROUP_FEED);

/**
 * The news feeds (Atom) of a group's posts and answers and of the blog, outside /api since
 * people paste them into feed readers, and oEmbed for questions and sessions.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;
  const reads = perAddress(FEED_RATE_RULES.readsPerAddress);

  app.get(
    '/group/:slug/posts.atom',
    {
      schema: {
        summary: "A group's newest posts as an Atom feed, for feed readers",
        description:
          `The newest ${FEED_ENTRIES} posts: each entry's title is the post's first line, its content the post as ` +
          'HTML (the app’s formatting; everything a person typed is escaped), with its pictures. Conditional GET by ' +
          'ETag (If-None-Match: 304). Every group is public. An unknown group: 404 in plain text.',
        tags: TAGS,
        security: [],
        params: SlugParamsSchema,
        response: feedResponses("The group's newest posts"),
      },
      config: reads,
    },
    async (request, reply) => {
      const group = await findGroup(app.db, request.params.slug);
      if (!group) return noGroup(reply);
      return sendFeed(request, reply, await groupPostsFeed(app.db, group, publicUrl));
    },
  );

  app.get(
    '/group/:slug/answers.atom',
    {
      schema: {
        summary: "A group's newest answered questions as an Atom feed, for feed readers",
        description:
          `The newest ${FEED_ENTRIES} answers, an entry each: the question is the title, the host's answer the ` +
          'content. Pending, hidden and merged questions are never in it; an anonymous asker is "Anonymous". ' +
          'Conditional GET by ETag (If-None-Match: 304). An unknown group: 404 in plain text.',
        tags: TAGS,
        security: [],
        params: SlugParamsSchema,
        response: feedResponses("The group's newest answers"),
      },
      config: reads,
    },
    async (request, reply) => {
      const group = await findGroup(app.db, request.params.slug);
      if (!group) return noGroup(reply);
      return sendFeed(request, reply, await groupAnswersFeed(app.db, group, publicUrl));
    },
  );

  // the blog is read from the repository at start: its feed is the same until the next start
  let blog: AtomFeed | undefined;
  app.get(
    '/blog.atom',
    {
      schema: {
        summary: "The blog's posts as an Atom feed, for feed readers",
        description: 'Every post, newest first, with its whole text. Conditional GET by ETag (If-None-Match: 304).',
        tags: TAGS,
        security: [],
        response: { 200: feedResponses('The blog')[200], 304: feedResponses('The blog')[304], 429: error },
      },
      config: reads,
    },
    async (request, reply) => sendFeed(request, reply, (blog ??= blogFeed(app.siteContent, publicUrl))),
  );

  app.get(
    '/api/oembed',
    {
      schema: {
        summary: 'oEmbed for a question or a session: a title, its author and a thumbnail, for chat apps and sites',
        description:
          'oEmbed 1.0, type `link` (Townhall pages are not embedded in frames). Shared question and session pages ' +
          'name this endpoint in a `<link rel="alternate" type="application/json+oembed">`. A question not everyone ' +
          'may see (pending or hidden), an unknown page or another site’s address: 404. `format=xml`: 501 (only JSON ' +
          'is served); another format: 400. The thumbnail fits `maxwidth` and `maxheight`, or is left out when none does.',
        tags: TAGS,
        security: [],
        querystring: OembedQuerySchema,
        response: { 200: OembedResponseSchema, 400: error, 404: error, 429: error, 501: error },
      },
      config: reads,
    },
    async (request, reply) => {
      const { url, format, maxwidth, maxheight } = request.query;
      // oEmbed's two formats: XML is the one a provider may decline (501); anything else is no format
      if (format?.toLowerCase() === 'xml') throw new AppError(501, 'not_implemented', OEMBED_MESSAGES.onlyJson);
      if (format !== undefined && format.toLowerCase() !== 'json') {
        throw badRequest(OEMBED_MESSAGES.badFormat, { 'querystring.format': OEMBED_MESSAGES.badFormat });
      }
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
        throw badRequest(OEMBED_MESSAGES.badUrl, { 'querystring.url': OEMBED_MESSAGES.badUrl });
      }
      const answer = await resolveOembed(
        app.db,
        { url: parsed, ...(maxwidth ? { maxWidth: maxwidth } : {}), ...(maxheight ? { maxHeight: maxheight } : {}) },
        publicUrl,
      );
      if (!answer) throw notFound(OEMBED_MESSAGES.notFound);
      void reply.header('cache-control', `public, max-age=${answer.cache_age}`);
      return answer;
    },
  );
};
