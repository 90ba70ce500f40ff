import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crawlerRoutes } from './routes.ts';
import { SITEMAP_PAGE_SIZE } from './sitemap.ts';

/** Options of the crawlers feature. */
export interface CrawlersPluginOptions {
  /** URLs in one sitemap file; 5,000 unless a test says otherwise. */
  sitemapPageSize?: number;
  /** security.txt's `Contact:` URIs; the configuration's (SECURITY_CONTACT) when not given. */
  securityContacts?: string[];
}

/**
 * What search engines and browsers fetch from every site: robots.txt, the sitemaps (the site's
 * pages, every group and session, and the questions a signed-out visitor may read) and
 * security.txt. The icons and the web app manifest are files of the build (scripts/vite-site-icons.ts).
 */
export const crawlersPlugin = fp(
  async (app: FastifyInstance, options: CrawlersPluginOptions) => {
    const securityContacts = options.securityContacts ?? app.config.securityContacts;
    await app.register(crawlerRoutes, {
      sitemapPageSize: options.sitemapPageSize ?? SITEMAP_PAGE_SIZE,
      securityContacts,
    });
  },
  { name: 'crawlers', dependencies: ['database', 'site'] },
);
