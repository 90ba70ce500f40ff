import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchPageRoute } from '#shared/lib/page-routes.ts';
import { NOT_FOUND_HEAD, resolveProfilePage, type ProfilePageAnswer } from '../features/profiles/page-meta.ts';
import { resolveSharedPage } from '../features/share/page-meta.ts';
import { sitePageHead } from '../features/site/page-meta.ts';
import { injectHead } from '../lib/html-head.ts';
import { notFound } from '../lib/errors.ts';

/**
 * Whether a request that matched no route is a page for the client's router. A missing file
 * (an old asset after a deploy, say) stays a 404: answering it with index.html would hand a
 * browser HTML where it expects a script. Page paths never hold a dot (handles and slugs can't).
 */
export function isPagePath(method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * Serves the built React client from `root` and answers every other page path with its
 * index.html, so the client's router takes over. Unknown /api paths stay JSON 404s.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const indexFile = path.join(options.root, 'index.html');
    const isBuilt = fs.existsSync(indexFile);
    // Profile links get their own <title> and preview tags in the same page, read once.
    let indexHtml: string | undefined;
    const readIndex = async () => (indexHtml ??= await fs.promises.readFile(indexFile, 'utf8'));
    if (isBuilt) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // Vite puts a content hash in every asset name, so assets never change under a name.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'public, max-age=3600');
          }
        },
      });
    } else {
      app.log.warn({ root: options.root }, 'the client is not built: run `npm run build`');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!isPagePath(request.method, pathname)) throw notFound(`There is no route ${request.method} ${pathname}.`);
      if (!isBuilt) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The Townhall client is not built yet. Run `npm run build` (npm start does it for you).');
      }
      // A path none of the client's pages has: the client's not-found page, with a 404 status.
      const route = matchPageRoute(pathname);
      if (!route) {
        return reply
          .status(404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(injectHead(await readIndex(), NOT_FOUND_HEAD));
      }
      // `/{handle}` and `/user/{id}`: a profile's page, a redirect from a former handle, or a 404
      // (a static page such as /search wins over a handle, as in the client's router);
      // groups, questions, posts and sessions: their own title and preview tags, or a 404;
      // blog posts and content pages: their title and summary.
      const lookup = { db: app.db, url: request.url, publicUrl: app.config.publicUrl };
      const profile: Promise<ProfilePageAnswer> =
        route === '/:username' || route === '/user/:id' ? resolveProfilePage(lookup) : Promise.resolve({ kind: 'spa' });
      const answer = await profile
        .then(async (profile) => (profile.kind === 'spa' ? resolveSharedPage(lookup) : profile))
        .then((shared) => {
          if (shared.kind !== 'spa' || !app.hasDecorator('siteContent')) return shared;
          const head = sitePageHead(app.siteContent, pathname, app.config.publicUrl);
          return head ? ({ kind: 'page', head } as const) : shared;
        })
        .catch((error: unknown) => {
          // without the database the page still loads; the client then says what failed
          request.log.error({ err: error }, 'the page could not be looked up');
          return { kind: 'spa' } as const;
        });
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
      if (answer.kind === 'spa') return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .status(answer.kind === 'not-found' ? 404 : 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectHead(await readIndex(), answer.head));
    });
  },
  { name: 'client', dependencies: ['database'] },
);
