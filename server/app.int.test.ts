import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { HealthResponseSchema } from '#shared/schemas/health.ts';
import { buildTestApp } from './test/app.ts';

// A route with a strict body, standing in for the feature routes to come.
const echoFixture: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-echo',
    {
      schema: {
        body: z.strictObject({ name: z.string().min(3), age: z.number().int().optional() }),
        response: { 200: z.object({ name: z.string() }) },
      },
    },
    async (request) => ({ name: request.body.name }),
  );
  app.get('/api/test-crash', { schema: { response: { 200: z.object({}) } } }, async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ plugins: [echoFixture] });
});
afterAll(async () => {
  await app.close();
});

function errorOf(body: string) {
  return ErrorResponseSchema.parse(JSON.parse(body)).error;
}

describe('health and readiness', () => {
  it('GET /api/health says the process is alive', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.version).toBe('0.1.0');
  });

  it('GET /api/ready says the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('echoes a sane request id and makes one otherwise', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document generated from the zod schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> }>
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    const health = document.paths['/api/health']?.get?.responses['200']?.content['application/json']?.schema;
    expect(Object.keys(health?.properties ?? {})).toEqual(['status', 'version', 'uptime']);
    expect(document.paths['/api/ready']).toBeDefined();
  });

  it('serves readable docs at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/);
  });
});

describe('errors have one shape', () => {
  it('unknown API route: 404 naming the route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.body)).toEqual({ code: 'not_found', message: 'There is no route GET /api/nothing-here.' });
  });

  it('malformed JSON: 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('wrong type: 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 42 } });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toHaveProperty(['body.name']);
    expect(error.message).toMatch(/^body\.name: /);
  });

  it('too short: 400 with the field message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'al' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).fields?.['body.name']).toMatch(/3/);
  });

  it('unknown field: 400 naming it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      payload: { name: 'alice', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).fields).toEqual({ 'body.role': 'is not a field this request accepts' });
  });

  it('text/plain body: 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"alice"}',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body).code).toBe('unsupported_media_type');
  });

  it('form body: 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=alice',
    });
    expect(response.statusCode).toBe(415);
  });

  it('oversized body: 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      payload: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response.body)).toEqual({
      code: 'payload_too_large',
      message: 'The request body is too large (at most 1024 KB).',
    });
  });

  it('valid body passes', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'alice', age: 3 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'alice' });
  });

  it('a crash answers 500 without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response.body)).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('hunter2');
  });
});
