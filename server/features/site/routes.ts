import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  BlogListResponseSchema,
  BlogPostResponseSchema,
  BlogSlugParamsSchema,
  CONTACT_MESSAGES,
  ContactInputSchema,
  ContactResponseSchema,
  SitePageParamsSchema,
  SitePageResponseSchema,
} from '#shared/schemas/site.ts';
import { notFound } from '../../lib/errors.ts';
import type { SiteContent } from './content.ts';
import { SITE_RATE_RULES } from './rate-rules.ts';
import { sendContactMessage } from './send-contact-message.ts';

const error = ErrorResponseSchema;

/** The blog, the content pages (about, support, privacy policy, terms) and the contact form. */
export const siteRoutes: FastifyPluginAsyncZod<{ content: SiteContent }> = async (app, { content }) => {
  app.get(
    '/api/blog',
    {
      schema: {
        summary: 'Every blog post, newest first',
        description: 'Posts are Markdown files in the repository (content/blog), read once at start.',
        tags: ['site'],
        response: { 200: BlogListResponseSchema },
      },
    },
    async () => ({ posts: content.posts }),
  );

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        summary: 'One blog post with its text as HTML',
        description: 'Unknown slug: 404. A slug other than a-z, 0-9 and -: 400.',
        tags: ['site'],
        params: BlogSlugParamsSchema,
        response: { 200: BlogPostResponseSchema, 400: error, 404: error },
      },
    },
    async (request) => {
      const post = content.post(request.params.slug);
      if (!post) throw notFound('There is no blog post at this address. It may have been renamed or removed.');
      return post;
    },
  );

  app.get(
    '/api/pages/:name',
    {
      schema: {
        summary: 'A content page (about, support, privacy-policy, terms-of-service) as HTML',
        description: 'Headings carry ids and are listed for a table of contents. Unknown name: 404.',
        tags: ['site'],
        params: SitePageParamsSchema,
        response: { 200: SitePageResponseSchema, 400: error, 404: error },
      },
    },
    async (request) => {
      const page = content.page(request.params.name);
      if (!page) throw notFound('There is no page with this name.');
      return page;
    },
  );

  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send a message to the administrators of this instance',
        description:
          'Stored for the administrators (read at /admin); the sender is recorded when signed in. ' +
          'At most 5 messages an hour per network address and per account: 429 with Retry-After.',
        tags: ['site'],
        body: ContactInputSchema,
        response: { 201: ContactResponseSchema, 400: error, 403: error, 429: error },
      },
      // the address first: signing out or switching accounts buys no more
      config: {
        rateLimit: [
          { rule: SITE_RATE_RULES.contactPerAddress, by: 'address' },
          { rule: SITE_RATE_RULES.contactPerAccount, by: 'account' },
        ],
      },
    },
    async (request, reply) => {
      await sendContactMessage({ db: app.db, viewer: request.viewer, input: request.body });
      return reply.status(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );
};
