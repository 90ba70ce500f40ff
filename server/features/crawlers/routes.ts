import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { notFound } from '../../lib/errors.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { CRAWLER_RATE_RULES } from './rate-rules.ts';
import { robotsTxt, securityTxt } from './site-texts.ts';
import {
  parseSitemapName,
  sitemapIndex,
  sitemapIndexXml,
  sitemapUrlsOf,
  staticSitemapUrls,
  urlsetXml,
} from './sitemap.ts';

/** Options of the crawlers' routes. */
export interface CrawlerRoutesOptions {
  /** URLs in one sitemap file (tests make it small to see the index page through the rows). */
  sitemapPageSize: number;
  /** security.txt's Contact URIs; empty: the contact page. */
  securityContacts: string[];
}

const TEXT = 'text/plain; charset=utf-8';
const error = ErrorResponseSchema;
const notModified = z.null().describe('Not modified: the ETag in If-None-Match is the current one');
const XML = 'application/xml; charset=utf-8';

/** A text response as the OpenAPI document describes it (these routes are hidden from it, but say what they send). */
const textResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});

/** Whether If-None-Match names `etag` (or is `*`). */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * Sends a generated text with an ETag over its bytes (304 when the client has it) and a
 * max-age: crawlers fetch these often, and the answer changes slowly.
 */
function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { body: string; type: string; maxAgeSeconds: number },
) {
  const etag = `"${hash('sha256', options.body, 'base64url').slice(0, 27)}"`;
  void reply.header('etag', etag).header('cache-control', `public, max-age=${options.maxAgeSeconds}`);
  if (isFresh(request, etag)) return reply.status(304).send(null);
  return reply.type(options.type).send(options.body);
}

const SitemapFileParamsSchema = z.object({
  file: z
    .string()
    .max(80)
    .describe(
      '`pages.xml`; `groups.xml`, `sessions.xml` or `questions.xml`, or one of these for the ids that begin with some hex digits (`questions-3f.xml`)',
    ),
});

/**
 * The files search engines and browsers ask every site for: robots.txt, the sitemaps and
 * security.txt. Not API: hidden from the OpenAPI document.
 */
export const crawlerRoutes: FastifyPluginAsyncZod<CrawlerRoutesOptions> = async (app, options) => {
  const { publicUrl } = app.config;
  const { sitemapPageSize: pageSize } = options;
  const robots = robotsTxt(publicUrl);
  const sitemapReads = perAddress(CRAWLER_RATE_RULES.sitemapReadsPerAddress);

  app.get(
    '/robots.txt',
    {
      schema: {
        hide: true,
        summary: 'What search engines may crawl (RFC 9309), and where the sitemap is',
        response: { 200: textResponse(TEXT, 'robots.txt'), 304: notModified },
      },
    },
    async (request, reply) => sendText(request, reply, { body: robots, type: TEXT, maxAgeSeconds: 3600 }),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        hide: true,
        summary:
          'The sitemap index: the site pages, then the groups, sessions and questions in files of about 5,000 URLs',
        response: { 200: textResponse(XML, 'A sitemap index'), 304: notModified, 429: error },
      },
      config: sitemapReads,
    },
    async (request, reply) => {
      const files = await sitemapIndex({ db: app.db, content: app.siteContent, pageSize });
      return sendText(request, reply, { body: sitemapIndexXml(files, publicUrl), type: XML, maxAgeSeconds: 900 });
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        hide: true,
        summary: 'One sitemap file of the index',
        params: SitemapFileParamsSchema,
        response: {
          200: textResponse(XML, 'A sitemap (urlset)'),
          304: notModified,
          400: error,
          404: error,
          429: error,
        },
      },
      config: sitemapReads,
    },
    async (request, reply) => {
      const { file } = request.params;
      let urls;
      if (file === 'pages.xml') {
        urls = await staticSitemapUrls({ db: app.db, content: app.siteContent, publicUrl });
      } else {
        const name = parseSitemapName(file);
        if (!name) throw notFound('There is no sitemap file of this name. /sitemap.xml lists them.');
        urls = await sitemapUrlsOf({ db: app.db, ...name, publicUrl });
      }
      return sendText(request, reply, { body: urlsetXml(urls), type: XML, maxAgeSeconds: 900 });
    },
  );

  app.get(
    '/.well-known/security.txt',
    {
      schema: {
        hide: true,
        summary: 'Who to tell about a vulnerability (RFC 9116)',
        response: { 200: textResponse(TEXT, 'security.txt'), 304: notModified },
      },
    },
    async (request, reply) =>
      sendText(request, reply, {
        body: securityTxt({ publicUrl, contacts: options.securityContacts }),
        type: TEXT,
        maxAgeSeconds: 86_400,
      }),
  );

  // RFC 9116 §3: the file may also be reached at the root, by a redirect to the canonical one
  app.get(
    '/security.txt',
    {
      schema: {
        hide: true,
        summary: 'Moved to /.well-known/security.txt',
        response: {
          301: z.null().describe('A permanent redirect to /.well-known/security.txt (its `Location` header)'),
        },
      },
    },
    async (_request, reply) => reply.redirect('/.well-known/security.txt', 301),
  );
};
