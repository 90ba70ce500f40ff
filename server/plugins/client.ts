import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built React client from `root` and answers every other page path with its
 * index.html, so the client's router takes over. Unknown /api paths stay JSON 404s.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const indexFile = path.join(options.root, 'index.html');
    const isBuilt = fs.existsSync(indexFile);
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
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
      if (!isPage) throw notFound(`There is no route ${request.method} ${pathname}.`);
      if (!isBuilt) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The Townhall client is not built yet. Run `npm run build` (npm start does it for you).');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'client' },
);
