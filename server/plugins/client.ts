import { hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchPageRoute, type PageRoute } from '#shared/lib/page-routes.ts';
import { ROUTE_MODULES } from '#shared/lib/route-modules.ts';
import { NOT_FOUND_HEAD, resolveProfilePage, type ProfilePageAnswer } from '../features/profiles/page-meta.ts';
import { resolveSharedPage } from '../features/share/page-meta.ts';
import { sitePage } from '../features/site/page-meta.ts';
import { missingModules, pagePreloads, preloadTags, readClientManifest } from '../lib/client-manifest.ts';
import { appendToHead, injectBody, injectHead } from '../lib/html-head.ts';
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

/** A content coding the server sends pages in. */
export type PageEncoding = 'br' | 'gzip';

/**
 * The coding to send a page in, from the request's Accept-Encoding: brotli when accepted,
 * else gzip, else none (null). `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0);
  // The higher weight wins; brotli on a tie (it is the smaller).
  best.sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak tags compare by their value. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page's HTML, its ETag and its compressed forms (made when first asked for). */
type PageBytes = { raw: Buffer; tag: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> };

/**
 * Pages are small (a few kB), so they are compressed as they are sent. Pages without data from
 * the database (every page but a shared link's, 404 pages, the site's own pages) are the same
 * for everyone: their bytes, brotli at its best quality and gzip, are kept, so each is
 * compressed once. Pages with data are compressed per request at a fast quality (a tenth of a
 * millisecond for a page, about 10% larger than the best) and not kept: keeping them would
 * hold a copy of every group and profile that anyone opened.
 */
function createPageBytes() {
  const kept = new Map<string, PageBytes>();
  /** Only so many kept pages, should the site's pages ever be many. */
  const MAX_KEPT = 500;
  const bytesOf = (html: string): PageBytes => {
    const raw = Buffer.from(html);
    return { raw, tag: hash('sha256', raw, 'base64url').slice(0, 27) };
  };
  return {
    /** The bytes of a page; `key` names a page that is the same for everyone (kept), null one with data. */
    get(key: string | null, html: () => string): PageBytes {
      if (key === null) return bytesOf(html());
      let bytes = kept.get(key);
      if (!bytes) {
        bytes = bytesOf(html());
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '');
        kept.set(key, bytes);
      }
      return bytes;
    },
    compress(bytes: PageBytes, encoding: PageEncoding, isKept: boolean): Promise<Buffer> {
      if (encoding === 'br') {
        const make = () =>
          brotliCompress(bytes.raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.raw.length,
              [zlib.constants.BROTLI_PARAM_QUALITY]: isKept ? 11 : 5,
            },
          });
        return isKept ? (bytes.br ??= make()) : make();
      }
      const make = () => gzip(bytes.raw, { level: isKept ? 9 : 6 });
      return isKept ? (bytes.gzip ??= make()) : make();
    },
  };
}

/**
 * Serves the built React client from `root` and answers every other page path with its
 * index.html, so the client's router takes over. Unknown /api paths stay JSON 404s.
 *
 * Files: hashed ones under /assets/ are kept by browsers for a year; the others (boot.js, the
 * icon, samples) and index.html are revalidated on every load (ETag, 304), so a deploy is
 * seen at once. Each goes out as the .br or .gz file the build wrote beside it when the
 * browser accepts that coding.
 *
 * Pages: index.html with the page's own <head> tags, preloads for the code the page loads
 * lazily, and for shared links the page's title and text in the static shell; compressed,
 * revalidated on every load (ETag over the bytes, 304 when unchanged). API responses are not
 * compressed here (a reverse proxy may).
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const indexFile = path.join(options.root, 'index.html');
    const isBuilt = fs.existsSync(indexFile);
    // Read once: the page every path starts from, and the build's manifest.
    let indexHtml: string | undefined;
    const readIndex = async () => (indexHtml ??= await fs.promises.readFile(indexFile, 'utf8'));
    const preloadsOf = new Map<PageRoute, string>();
    if (isBuilt) {
      const { manifest, problem } = readClientManifest(options.root);
      if (manifest) {
        const missing = missingModules(manifest, Object.values(ROUTE_MODULES).flat());
        if (missing.length > 0) app.log.warn({ missing }, 'page modules missing from the Vite manifest: not preloaded');
        for (const [route, modules] of Object.entries(ROUTE_MODULES) as [PageRoute, readonly string[]][]) {
          preloadsOf.set(route, preloadTags(pagePreloads(manifest, modules)));
        }
      } else {
        app.log.warn({ problem }, 'pages load without preloads');
      }

      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        // The .br and .gz files are sent in place of the file they compress, never by their own
        // name; the manifest (.vite) is the server's alone.
        preCompressed: true,
        globIgnore: ['.vite/**', '**/*.br', '**/*.gz'],
        setHeaders: (res, filePath) => {
          // Vite puts a content hash in every asset name, so assets never change under a name.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            // index.html, boot.js, the icon: the same name across deploys, so ask each time.
            res.header('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn({ root: options.root }, 'the client is not built: run `npm run build`');
    }

    const pageBytes = createPageBytes();

    /** Sends a page: compressed as the browser accepts, with an ETag for 200s (and 304 when it still matches). */
    async function sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      page: { status: 200 | 404; key: string | null; html: () => string },
    ) {
      const bytes = pageBytes.get(page.key, page.html);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // A 404 has no validator: conditional requests only apply to pages that exist.
      if (page.status === 200) {
        const etag = `"${bytes.tag}${encoding ? `-${encoding}` : ''}"`;
        void reply.header('etag', etag);
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      }
      void reply.status(page.status).type('text/html; charset=utf-8');
      if (!encoding) return reply.send(bytes.raw);
      const body = await pageBytes.compress(bytes, encoding, page.key !== null);
      return reply.header('content-encoding', encoding).send(body);
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
      const index = await readIndex();
      // A path none of the client's pages has: the client's not-found page, with a 404 status.
      const route = matchPageRoute(pathname);
      if (!route) {
        return sendPage(request, reply, { status: 404, key: '404', html: () => injectHead(index, NOT_FOUND_HEAD) });
      }
      // `/{handle}` and `/user/{id}`: a profile's page, a redirect from a former handle, or a 404
      // (a static page such as /search wins over a handle, as in the client's router);
      // groups, questions, posts and sessions: their own title and preview tags, or a 404;
      // blog posts and content pages: their title and summary.
      const lookup = { db: app.db, url: request.url, publicUrl: app.config.publicUrl };
      const profile: Promise<ProfilePageAnswer> =
        route.startsWith('/:username') || route === '/user/:id'
          ? resolveProfilePage(lookup)
          : Promise.resolve({ kind: 'spa' });
      type Answer =
        | { kind: 'spa' }
        | { kind: 'redirect'; location: string }
        | { kind: 'not-found'; head: string }
        | { kind: 'page' | 'profile'; head: string; body: string; isSite?: boolean };
      const answer: Answer = await profile
        .then(async (profile) => (profile.kind === 'spa' ? resolveSharedPage(lookup) : profile))
        .then((shared): Answer => {
          if (shared.kind !== 'spa' || !app.hasDecorator('siteContent')) return shared;
          const site = sitePage(app.siteContent, pathname, app.config.publicUrl);
          return site ? (site.kind === 'page' ? { ...site, isSite: true } : site) : shared;
        })
        .catch((error: unknown) => {
          // without the database the page still loads; the client then says what failed
          request.log.error({ err: error }, 'the page could not be looked up');
          return { kind: 'spa' } as const;
        });
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
      const withPreloads = () => appendToHead(index, preloadsOf.get(route) ?? '');
      if (answer.kind === 'spa') return sendPage(request, reply, { status: 200, key: route, html: withPreloads });
      if (answer.kind === 'not-found') {
        const head = answer.head;
        return sendPage(request, reply, { status: 404, key: `404 ${head}`, html: () => injectHead(index, head) });
      }
      // The site's own pages come from files read at start: the same for everyone, so kept.
      return sendPage(request, reply, {
        status: 200,
        key: answer.isSite === true ? `site ${pathname}` : null,
        html: () => injectBody(injectHead(withPreloads(), answer.head), answer.body),
      });
    });
  },
  { name: 'client', dependencies: ['database'] },
);
