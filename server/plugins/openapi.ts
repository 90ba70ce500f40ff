import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json, with
 * readable docs at /api/docs (Swagger UI, served from our own process: no CDN).
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Townhall API',
          description:
            'Creator communities with live question-and-answer groups. Errors answer `{ "error": { "code", "message", "fields"? } }`.',
          version: options.version,
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { url: '/api/openapi.json', validatorUrl: null } as never,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    // 'api' is a reserved path word: a person who opens /api lands on the docs.
    app.get('/api', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/api/docs', 302));
  },
  { name: 'openapi' },
);
