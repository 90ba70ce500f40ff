import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/app.ts';
import { validValue, type JsonSchema, type KnownValues } from './test/openapi-arbitraries.ts';
import { registeredRoutes } from './test/route-list.ts';
import { buildQuestion, buildSession, call, castRoles, createPost, ORIGIN } from './test/factories.ts';

/**
 * Every route that changes something refuses an anonymous caller with 401, built from the
 * router's own list, so a new write route without a sign-in check fails here. The routes meant
 * for people who are not signed in are listed below, each with why.
 */
const OPEN_TO_ANONYMOUS: Record<string, string> = {
  'POST /api/accounts/sign-up': 'creates the account',
  'POST /api/accounts/sign-in': 'starts the session',
  'POST /api/accounts/sign-out': 'ends the session the cookie names, if any (nothing without one)',
  'POST /api/accounts/password-reset': 'asks for a reset link by e-mail',
  'POST /api/accounts/password-reset/complete': 'the e-mailed token is the credential',
  'POST /api/accounts/google/start': 'starts Google sign-in',
  'POST /api/auth/welcome': 'the Bearer ID token is the credential (and 404 while Google sign-in is off)',
  'POST /api/mail/unsubscribe': "the e-mail link's signed token is the credential (one-click, RFC 8058)",
  'POST /api/mail/resubscribe': "the undo of the unsubscribe page: the same link's signed token is the credential",
  'POST /api/analytics/page-views': 'first-party page views of visitors too',
  'POST /api/contact': 'the contact form is open to visitors',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

describe('write routes refuse anonymous callers', () => {
  let app: FastifyInstance;
  // Real rows for every id, so a route that looks its resource up first still meets the check.
  let known: KnownValues;
  beforeAll(async () => {
    app = await buildTestApp();
    const cast = await castRoles(app, { ama: true });
    const post = await createPost(app, cast.member, cast.groupId);
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id });
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const comment = await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'A comment' });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = (comment.json() as { comment: { id: string } }).comment.id;
    known = {
      groupId: [cast.groupId],
      postId: [post.id],
      questionId: [questionId],
      sessionId: [sessionId],
      commentId: [commentId],
      targetType: ['post'],
      targetId: [post.id],
      type: ['post'],
      id: [post.id],
      userId: [cast.member.id],
      messageId: [randomUUID()],
      username: [cast.guest.username],
      startsAt: [new Date(Date.now() + 86_400_000).toISOString()],
      purpose: ['post'],
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists only routes that exist and change something', () => {
    const writes = new Set(
      registeredRoutes(app)
        .filter((route) => WRITES.has(route.method))
        .map((route) => `${route.method} ${route.url}`),
    );
    expect(Object.keys(OPEN_TO_ANONYMOUS).filter((route) => !writes.has(route))).toEqual([]);
  });

  it('answers 401 to every other POST, PUT, PATCH and DELETE without a session', async () => {
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
    const routes = registeredRoutes(app).filter(
      (route) => WRITES.has(route.method) && OPEN_TO_ANONYMOUS[`${route.method} ${route.url}`] === undefined,
    );
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of routes) {
      const sample = (schema: JsonSchema, name?: string) =>
        fc.sample(validValue(schema, name, known), { seed: 7, numRuns: 1 })[0];
      const operation = document.paths[route.url.replaceAll(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const path = route.url.replaceAll(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
        encodeURIComponent(known[name]?.[0] ?? randomUUID()),
      );
      // required query values and a body of the route's own shape, so a schema refusal cannot
      // stand in for the sign-in check
      const query = (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map(
          (parameter) => `${parameter.name}=${encodeURIComponent(String(sample(parameter.schema, parameter.name)))}`,
        );
      const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
      const schema = operation?.requestBody?.content['application/json']?.schema;
      const body = schema ? sample(schema) : undefined;
      const response = await app.inject({
        method: route.method as 'POST',
        url,
        headers: { origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      if (response.statusCode !== 401)
        wrong.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
  });
});
