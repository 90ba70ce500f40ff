import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { completeDocument, securitySchemes, transformRoute } from './openapi-document.ts';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json, with
 * readable docs at /api/docs (Swagger UI, served from our own process: no CDN). What the
 * schemas do not say (operationIds, security, the statuses every route can answer, examples)
 * is derived in openapi-document.ts; docs/api.md describes the result.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    const { publicUrl } = app.config;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Townhall API',
          description:
            'Creator communities with live question-and-answer groups. Errors answer `{ "error": { "code", "message", "fields"? } }`. ' +
            'Sign in with `POST /api/accounts/sign-in`: the session cookie it sets is the credential of every other call.',
          version: options.version,
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: publicUrl, description: 'This Townhall' }],
        components: { securitySchemes: securitySchemes(publicUrl) },
      },
      transform: transformRoute as never,
      transformObject: completeDocument as never,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // 21 tags and 130-odd operations: the page opens with the tags folded (each opens with a
      // click), as Swagger UI stops drawing a list this long when every operation is drawn at once
      uiConfig: { url: '/api/openapi.json', validatorUrl: null, docExpansion: 'none' } as never,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    // 'api' is a reserved path word: a person who opens /api lands on the docs.
    app.get('/api', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/api/docs', 302));
  },
  { name: 'openapi' },
);
