import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSiteContent, type SiteContent } from './content.ts';
import { siteRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The blog and content pages, read from content/ at start. */
    siteContent: SiteContent;
  }
}

/** Options of the site feature: where its Markdown lives (the repository's content/ by default). */
export interface SitePluginOptions {
  contentRoot?: string;
}

/**
 * The site's own pages: the blog and the content pages, read from content/ and rendered once
 * at start (a broken file stops the start, naming it), and the contact form.
 */
export const sitePlugin = fp(
  async (app: FastifyInstance, options: SitePluginOptions) => {
    const content = await loadSiteContent(options.contentRoot);
    // The client plugin reads it for the preview tags of blog posts and content pages.
    app.decorate('siteContent', content);
    await app.register(siteRoutes, { content });
  },
  { name: 'site', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
