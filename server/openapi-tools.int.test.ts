import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/app.ts';
import {
  buildQuestion,
  buildSession,
  call,
  castRoles,
  createGroup,
  createPost,
  ORIGIN,
  someAddress,
} from './test/factories.ts';
import { validValue, type JsonSchema, type KnownValues } from './test/openapi-arbitraries.ts';
import { openApiPath, registeredRoutes } from './test/route-list.ts';

/**
 * The OpenAPI document, read by the tools people point at an API (issue 19): swagger-parser
 * validates it, Redocly's recommended rules find no error, ajv accepts every example against its
 * schema, openapi-typescript generates a client from it and the TypeScript compiler accepts a
 * program written against that client. Its security claims are checked against the app itself.
 */

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown; externalValue?: string }>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}
interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, method, route, operation })),
  );
}

/** Whether an operation takes the session cookie only (no anonymous alternative). */
const needsSignIn = (operation: Operation) =>
  (operation.security ?? []).length > 0 && (operation.security ?? []).every((item) => 'sessionCookie' in item);
const allowsAnonymous = (operation: Operation) =>
  (operation.security ?? []).length === 0 || (operation.security ?? []).some((item) => Object.keys(item).length === 0);

/** ajv 8 with JSON Schema 2020-12 (OpenAPI 3.1's dialect) and its formats (both dev dependencies). */
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
interface Ajv {
  compile(schema: object): Validate;
}
function createAjv(): Ajv {
  const requireHere = createRequire(import.meta.url);
  const { default: Ajv2020 } = requireHere('ajv/dist/2020') as { default: new (options: object) => Ajv };
  const { default: addFormats } = requireHere('ajv-formats') as { default: (ajv: Ajv) => void };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/**
 * Operations whose anonymous answer is not what their `security` suggests, each with why. Every
 * other operation is called without a session: one that needs the cookie must answer 401, one
 * open to anonymous callers must not.
 */
const PROBE_EXCEPTIONS: Record<string, string> = {
  'POST /api/accounts/sign-in': "its 401 is a wrong password (security: none), the probe's random one",
  'GET /api/accounts/google/id-token': '404 before 401 while Google sign-in is off, as in this test app',
};

let app: FastifyInstance;
let document: Document;
let known: KnownValues;
let cast: Awaited<ReturnType<typeof castRoles>>;
let sessionId: string;

beforeAll(async () => {
  app = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
  // real rows for every id, so a route that looks its resource up first still meets its checks
  cast = await castRoles(app, { ama: true });
  const post = await createPost(app, cast.member, cast.groupId);
  const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id });
  sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
  const comment = await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'A comment' });
  expect(comment.statusCode, comment.body).toBe(201);
  known = {
    groupId: [cast.groupId],
    postId: [post.id],
    questionId: [questionId],
    sessionId: [sessionId],
    commentId: [(comment.json() as { comment: { id: string } }).comment.id],
    targetType: ['post'],
    targetId: [post.id],
    type: ['post'],
    id: [post.id],
    userId: [cast.member.id],
    messageId: [randomUUID()],
    username: [cast.guest.username],
    startsAt: [new Date(Date.now() + 86_400_000).toISOString()],
    purpose: ['post'],
    name: ['about'],
  };
});

afterAll(async () => {
  await app?.close();
});

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it("has no error by Redocly's recommended rules, and no ambiguous path", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: path.join(os.tmpdir(), 'townhall-openapi.json'),
      config,
    });
    const describe = (problem: (typeof problems)[number]) =>
      `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`;
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    console.info(
      `Redocly recommended: ${warnings.length} warnings${warnings.map((w) => `\n  ${describe(w)}`).join('')}`,
    );
    expect(problems.filter((problem) => problem.severity === 'error').map(describe)).toEqual([]);
    expect(problems.filter((problem) => problem.ruleId === 'no-ambiguous-paths').map(describe)).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary, its security and its statuses', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const schemes = Object.keys(document.components.securitySchemes);
    const wrong: string[] = [];
    const ids = new Map<string, string>();
    for (const { key, route, operation } of operations) {
      const id = operation.operationId;
      if (!id || !/^[a-z][A-Za-z0-9]*$/.test(id)) wrong.push(`${key}: operationId ${id}`);
      else if (ids.has(id)) wrong.push(`${key}: operationId ${id} is also ${ids.get(id)}`);
      else ids.set(id, key);
      if (!operation.summary) wrong.push(`${key}: no summary`);
      if (!Array.isArray(operation.security)) wrong.push(`${key}: no security`);
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          if (!schemes.includes(scheme)) wrong.push(`${key}: unknown security scheme ${scheme}`);
        }
      }
      const takesInput = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
      if (takesInput && !operation.responses['400']) wrong.push(`${key}: validates input but declares no 400`);
      if (needsSignIn(operation) && !operation.responses['401'])
        wrong.push(`${key}: needs sign-in but declares no 401`);
      if (operation.requestBody && !operation.responses['413']) wrong.push(`${key}: reads a body but declares no 413`);
      if (route.includes('{') && !operation.responses['414']) wrong.push(`${key}: has a path parameter but no 414`);
      if (!Object.keys(operation.responses).some((status) => /^[23]/.test(status))) {
        wrong.push(`${key}: no 2xx or 3xx response`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the session cookie that signing in sets, and that cookie is enough for a signed-in route', async () => {
    const scheme = document.components.securitySchemes.sessionCookie;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(cast.host.cookie.startsWith(`${String(scheme?.name)}=`)).toBe(true);
    const signedIn = operationsOf(document).find(({ key }) => key === 'GET /api/notifications/unread-count');
    expect(signedIn && needsSignIn(signedIn.operation)).toBe(true);
    expect((await call(app, cast.host, 'GET', '/api/notifications/unread-count')).statusCode).toBe(200);
    expect((await call(app, null, 'GET', '/api/notifications/unread-count')).statusCode).toBe(401);
  });

  it('has an example for every parameter, body and response, each valid against its schema (ajv)', async () => {
    const dereferenced = (await SwaggerParser.dereference(structuredClone(document) as never)) as unknown as Document;
    const ajv = createAjv();
    const wrong: string[] = [];
    const check = (where: string, schema: Schema | undefined, value: unknown) => {
      if (!schema) return;
      const validate = ajv.compile(schema);
      if (!validate(value)) wrong.push(`${where}: ${JSON.stringify(validate.errors).slice(0, 400)}`);
    };
    const checkMedia = (where: string, media: Media) => {
      if ('example' in media) return check(where, media.schema, media.example);
      // an image's bytes have no example a JSON document can hold
      if (/ (image|audio|video)\//.test(where)) return;
      const examples = Object.entries(media.examples ?? {});
      if (examples.length === 0) wrong.push(`${where}: no example`);
      for (const [name, example] of examples) {
        if ('value' in example) check(`${where} (${name})`, media.schema, example.value);
        else if (!example.externalValue) wrong.push(`${where} (${name}): neither value nor externalValue`);
      }
    };
    let count = 0;
    for (const { key, operation } of operationsOf(dereferenced)) {
      for (const parameter of operation.parameters ?? []) {
        if (!('example' in parameter)) wrong.push(`${key} parameter ${parameter.name}: no example`);
        else check(`${key} parameter ${parameter.name}`, parameter.schema, parameter.example);
        count += 1;
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        checkMedia(`${key} body ${type}`, media);
        count += 1;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          checkMedia(`${key} ${status} ${type}`, media);
          count += 1;
        }
      }
    }
    expect(count).toBeGreaterThan(400);
    expect(wrong).toEqual([]);
  });

  it('describes the files that are not JSON with their media types, as the routes answer them', async () => {
    const contentOf = (route: string, status = '200') =>
      Object.keys(document.paths[route]?.get?.responses[status]?.content ?? {}).sort();
    expect(contentOf('/api/sessions/{sessionId}/calendar.ics')).toEqual(['text/calendar']);
    expect(contentOf('/api/sessions/{sessionId}/transcript')).toEqual(['application/json', 'text/markdown']);
    expect(contentOf('/api/sessions/{sessionId}/analytics.csv')).toEqual(['text/csv']);
    expect(contentOf('/api/groups/{groupId}/analytics.csv')).toEqual(['text/csv']);
    const mediaType = async (url: string) => {
      const response = await call(app, cast.host, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return String(response.headers['content-type']).split(';')[0];
    };
    expect(await mediaType(`/api/sessions/${sessionId}/calendar.ics`)).toBe('text/calendar');
    expect(await mediaType(`/api/sessions/${sessionId}/transcript`)).toBe('text/markdown');
    expect(await mediaType(`/api/sessions/${sessionId}/transcript?format=json`)).toBe('application/json');
    expect(await mediaType(`/api/sessions/${sessionId}/analytics.csv`)).toBe('text/csv');
    expect(await mediaType(`/api/groups/${cast.groupId}/analytics.csv`)).toBe('text/csv');
  });

  it('tells the truth about sign-in: anonymous calls get 401 exactly where it says the cookie is needed', async () => {
    const operations = operationsOf(document).filter(
      ({ key, operation }) =>
        PROBE_EXCEPTIONS[key] === undefined &&
        // another credential than the session (the welcome call's Bearer token) is its own test's
        (operation.security ?? []).every((item) => Object.keys(item).every((scheme) => scheme === 'sessionCookie')),
    );
    const keys = new Set(operationsOf(document).map(({ key }) => key));
    expect(Object.keys(PROBE_EXCEPTIONS).filter((key) => !keys.has(key))).toEqual([]);
    const sample = (schema: Schema, name?: string) =>
      fc.sample(validValue(schema as JsonSchema, name, known), { seed: 7, numRuns: 1 })[0];
    const wrong: string[] = [];
    for (const { key, method, route, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const url = route.replaceAll(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
        const parameter = parameters.find((item) => item.in === 'path' && item.name === name);
        return encodeURIComponent(String(known[name]?.[0] ?? (parameter ? sample(parameter.schema, name) : name)));
      });
      const query = parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map(
          (parameter) => `${parameter.name}=${encodeURIComponent(String(sample(parameter.schema, parameter.name)))}`,
        );
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const body = bodySchema ? sample(bodySchema) : undefined;
      const response = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: query.length > 0 ? `${url}?${query.join('&')}` : url,
        remoteAddress: someAddress(),
        headers: { origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      if (needsSignIn(operation) && response.statusCode !== 401) {
        wrong.push(
          `${key} needs the session cookie, but anonymously → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
      if (allowsAnonymous(operation) && response.statusCode === 401) {
        wrong.push(`${key} is open to anonymous callers, but → 401: declare 401 (or its security)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('generates a TypeScript client with openapi-typescript that a strict program type-checks against', async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never));
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-client-'));
    try {
      fs.writeFileSync(path.join(directory, 'townhall-api.ts'), types);
      fs.writeFileSync(path.join(directory, 'program.ts'), CLIENT_PROGRAM);
      const program = ts.createProgram([path.join(directory, 'program.ts')], {
        strict: true,
        noEmit: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      // the check can fail: the same program with a misused type is refused
      fs.writeFileSync(path.join(directory, 'program.ts'), CLIENT_PROGRAM.replace('// @ts-expect-error', '//'));
      const broken = ts.createProgram([path.join(directory, 'program.ts')], program.getCompilerOptions());
      expect(ts.getPreEmitDiagnostics(broken).length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});

/** A small client written against the generated types, as someone scripting the API would. */
const CLIENT_PROGRAM = `
import type { components, operations, paths } from './townhall-api.ts';

type SessionAnswer = paths['/api/sessions/{sessionId}']['get']['responses'][200]['content']['application/json'];
type NewGroup = paths['/api/groups']['post']['requestBody']['content']['application/json'];
type CreatedGroup = paths['/api/groups']['post']['responses'][201]['content']['application/json'];
type ApiError = components['schemas']['ErrorResponse'];

/** A session's title, by a typed fetch. */
export async function sessionTitle(origin: string, sessionId: operations['getSession']['parameters']['path']['sessionId']): Promise<string> {
  const response = await fetch(origin + '/api/sessions/' + encodeURIComponent(sessionId));
  if (!response.ok) throw new Error(((await response.json()) as ApiError).error.message);
  const answer = (await response.json()) as SessionAnswer;
  return answer.session.title;
}

/** Creates a group with a typed body; answers its slug. */
export async function createGroup(origin: string, cookie: string, group: NewGroup): Promise<string> {
  const response = await fetch(origin + '/api/groups', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify(group),
  });
  const answer = (await response.json()) as CreatedGroup;
  return answer.group.slug;
}

export const created = createGroup('http://localhost:3000', 'townhall.session_token=…', {
  name: 'Climate, Plainly',
  slug: 'climate-plainly',
  ama: true,
});

// @ts-expect-error: a session's title is a string, not a number
export const wrongTitle: SessionAnswer['session']['title'] = 42;
`;

describe('a renamed path', () => {
  it('redirects the old /api/groups/by-slug/{slug} with 308, keeping the query, to the same answer', async () => {
    const { slug } = await createGroup(app, cast.host);
    const page = await call(app, cast.host, 'GET', `/api/group-slugs/${slug}`);
    expect(page.statusCode, page.body).toBe(200);
    const old = await call(app, cast.host, 'GET', `/api/groups/by-slug/${slug}?from=old`);
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe(`/api/group-slugs/${slug}?from=old`);
    const followed = await call(app, cast.host, 'GET', String(old.headers.location));
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual(page.json());
    expect(document.paths['/api/groups/by-slug/{slug}']).toBeUndefined();
    expect(document.paths['/api/group-slugs/{slug}']?.get?.operationId).toBe('getGroupBySlug');
    expect(registeredRoutes(app).map((route) => openApiPath(route.url))).toContain('/api/groups/by-slug/{slug}');
  });
});
