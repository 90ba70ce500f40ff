import SwaggerParser from '@apidevtools/swagger-parser';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { completeDocument, derivedOperationId, SECURITY, transformRoute } from './openapi-document.ts';
import { exampleOf } from './openapi-examples.ts';

type Operation = {
  operationId: string;
  security: unknown;
  parameters?: { name: string; in: string; style?: string; schema: unknown; example?: unknown }[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

/** A small app of made-up routes, registered in `order`, and its document. */
async function documentOf(order: 'forwards' | 'backwards') {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'test', version: '1' },
      components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: transformRoute as never,
    transformObject: completeDocument as never,
  });
  const error = ErrorResponseSchema;
  const routes = [
    () =>
      app.get(
        '/api/things',
        { schema: { summary: 'List', querystring: z.strictObject({ cursor: z.string().optional() }) } },
        async () => 'x',
      ),
    () =>
      app.get(
        '/api/things/:id',
        {
          schema: {
            summary: 'One',
            params: z.strictObject({ id: z.uuid() }),
            response: { 200: z.object({ title: z.string() }), 404: error },
          },
        },
        async () => ({ title: 'x' }),
      ),
    () =>
      app.post(
        '/api/things/:thingId/votes',
        {
          schema: {
            summary: 'Vote',
            params: z.strictObject({ thingId: z.string() }),
            body: z.strictObject({ score: z.number().int().min(1).max(5) }),
            response: { 200: z.object({ score: z.number().int() }), 401: error },
          },
          config: {
            rateLimit: [{ rule: { name: 'votes', limit: 1, windowSeconds: 1, what: 'Votes' }, by: 'account' }],
          },
        },
        async () => ({ score: 1 }),
      ),
    () =>
      app.get(
        '/api/callback',
        {
          schema: {
            summary: 'Any query',
            querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
            security: SECURITY.none,
          },
        },
        async () => 'x',
      ),
    // these two read alike (`mail` has no plural): both are qualified
    () => app.get('/api/mail', { schema: { summary: 'Outbox' } }, async () => 'x'),
    () =>
      app.get(
        '/api/mail/:id',
        { schema: { summary: 'One mail', params: z.strictObject({ id: z.string() }) } },
        async () => 'x',
      ),
  ];
  for (const register of order === 'forwards' ? routes : routes.toReversed()) register();
  await app.ready();
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  await app.close();
  return document;
}

describe('the derived parts of the OpenAPI document', () => {
  it('derives operationIds from method and path, the word before an id in the singular', () => {
    expect(derivedOperationId('get', '/api/sessions/{sessionId}/ledger')).toBe('getSessionLedger');
    expect(derivedOperationId('put', '/api/groups/{groupId}/subscription')).toBe('putGroupSubscription');
    expect(derivedOperationId('delete', '/api/groups/{groupId}/members/{userId}')).toBe('deleteGroupMember');
    expect(derivedOperationId('get', '/api/sessions/{sessionId}/analytics.csv')).toBe('getSessionAnalyticsCsv');
    expect(derivedOperationId('get', '/api/categories/{id}')).toBe('getCategory');
    expect(derivedOperationId('get', '/.well-known/security.txt')).toBe('getWellKnownSecurityTxt');
    expect(derivedOperationId('get', '/api/admin/mail/{id}', true)).toBe('getAdminMailById');
  });

  it('gives the same unique operationIds whatever the order routes were registered in', async () => {
    const forwards = await documentOf('forwards');
    const backwards = await documentOf('backwards');
    const ids = (document: typeof forwards) =>
      Object.fromEntries(
        Object.entries(document.paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => [`${method} ${path}`, operation.operationId]),
        ),
      );
    expect(ids(forwards)).toEqual(ids(backwards));
    expect(ids(forwards)).toEqual({
      'get /api/things': 'getThings',
      'get /api/things/{id}': 'getThing',
      'post /api/things/{thingId}/votes': 'postThingVotes',
      'get /api/callback': 'getCallback',
      'get /api/mail': 'getMail',
      'get /api/mail/{id}': 'getMailById',
    });
  });

  it('derives security and the statuses from what a route declares', async () => {
    const { paths } = await documentOf('forwards');
    const vote = paths['/api/things/{thingId}/votes']!.post!;
    expect(vote.security).toEqual(SECURITY.signedIn);
    expect(Object.keys(vote.responses).sort()).toEqual(['200', '400', '401', '413', '414', '415', '429']);
    expect(vote.responses['200']?.content?.['application/json']?.example).toEqual({ score: 1 });
    const one = paths['/api/things/{id}']!.get!;
    expect(one.security).toEqual(SECURITY.optional);
    expect(Object.keys(one.responses).sort()).toEqual(['200', '400', '404', '414']);
    expect(one.parameters?.[0]?.example).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    const callback = paths['/api/callback']!.get!;
    expect(callback.security).toEqual([]);
    expect(Object.keys(callback.responses)).toEqual(['400']);
  });

  it('describes a querystring of any names as one free-form parameter, which swagger-parser accepts', async () => {
    const document = await documentOf('forwards');
    expect(document.paths['/api/callback']!.get!.parameters).toEqual([
      expect.objectContaining({
        name: 'query',
        in: 'query',
        style: 'form',
        schema: expect.objectContaining({ type: 'object' }),
      }),
    ]);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('makes examples within formats, enums, lengths and ranges', () => {
    expect(exampleOf({ type: 'string', format: 'date-time' })).toBe('2026-11-27T18:00:00.000Z');
    expect(exampleOf({ type: 'string', format: 'email' }, 'contact')).toBe('ada@example.com');
    expect(exampleOf({ type: 'string', enum: ['md', 'json'] })).toBe('md');
    expect(exampleOf({ type: 'string', minLength: 12, maxLength: 14 }, 'title')).toHaveLength(14);
    expect(exampleOf({ type: 'integer', minimum: 3, maximum: 5 })).toBe(3);
    expect(exampleOf({ type: 'string', pattern: '^[a-z0-9-]{1,100}$' }, 'slug')).toBe('climate-plainly');
    expect(exampleOf({ type: 'array', items: { type: 'string' }, minItems: 2 }, 'tags')).toHaveLength(2);
    expect(exampleOf({ anyOf: [{ type: 'null' }, { type: 'boolean' }] })).toBe(true);
  });
});
