import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from './features/admin/grant-admin.ts';
import { buildTestApp } from './test/app.ts';
import {
  encodeUrlValue,
  FORGED_CURSORS,
  fuzzValue,
  hostileValue,
  RAW_URL_PIECES,
  validValue,
  type JsonSchema,
  type KnownValues,
} from './test/openapi-arbitraries.ts';
import { openApiPath, registeredRoutes } from './test/route-list.ts';
import {
  buildQuestion,
  buildSession,
  call,
  castRoles,
  createPost,
  ORIGIN,
  type RoleCast,
  type TestPerson,
} from './test/factories.ts';

/**
 * Every route of the OpenAPI document, driven with requests generated from its own schema:
 * path parameters, query and JSON body, each part usually well-shaped and sometimes hostile
 * (NUL and other control characters, lone surrogates, huge strings, numbers out of range, forged
 * page links, wrong types, missing and unknown fields), by an anonymous visitor, a signed-in
 * person and an administrator who hosts the group the real ids point at. No answer may be a 5xx,
 * and every 4xx says what went wrong in a sentence.
 *
 * Bounded: a fixed seed (FUZZ_SEED to try another) and FUZZ_RUNS requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

/**
 * Registered routes the fuzzer does not drive, each with its reason. Two documented routes are
 * driven only in part: POST /api/images gets JSON (415) and hostile query values here, its
 * multipart bodies are tested in server/features/images/ (one file, sizes, types, pixel bombs);
 * GET /api/auth/callback/google gets hostile query values, while its real flow needs the OpenID
 * provider of server/features/accounts/google.int.test.ts.
 */
const NOT_FUZZED: Record<string, string> = {
  'GET /api': 'a fixed redirect to the docs; reads no input',
  'GET /api/openapi.json': 'the document this test reads; reads no input',
  'GET /api/groups/by-slug/{slug}':
    'the old path of /api/group-slugs/{slug}: a 308 to it, hidden from the document; tested in server/openapi-tools.int.test.ts',
  'GET /sitemaps/{file}':
    'a sitemap file (hidden from the API document: not API); its names, 404s, escaping and contents are tested in server/features/crawlers/crawlers.int.test.ts',
  'GET /api/docs': 'Swagger UI static files (@fastify/swagger-ui); reads no input of ours',
  'GET /api/docs/': 'Swagger UI static files',
  'GET /api/docs/static/index.html': 'Swagger UI static files',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI static files',
  'GET /api/docs/*': 'Swagger UI static files (@fastify/static refuses bad paths itself)',
  'GET /api/docs/json': 'the OpenAPI document again',
  'GET /api/docs/yaml': 'the OpenAPI document as YAML',
  'GET /api/live':
    'the WebSocket handshake: its messages are checked by the live tests (server/plugins/live.int.test.ts)',
};

/**
 * The built client's files (`dist/client`: scripts, styles, icons), one route each when the
 * client is built: @fastify/static serves them as they are and reads no input.
 */
const isBuiltClientFile = (route: string) => /^GET \/(?!api\/|media\/)[^{}]*\.[A-Za-z0-9]+$/.test(route);

/**
 * Routes that change who is signed in or what the other routes can reach run last, so the
 * routes before them are fuzzed against a living group, its post, question and session.
 */
const RUN_LAST = [
  /^DELETE /,
  /^DELETE \/api\/admin\/content\//,
  /^DELETE \/api\/(admin\/)?groups\/\{groupId\}$/,
  /^POST \/api\/sessions\/\{sessionId\}\/end$/,
  /^POST \/api\/admin\/users\/\{userId\}\/disable$/,
  /^POST \/api\/accounts\/change-password$/,
  /^POST \/api\/accounts\/sign-out$/,
];

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; required?: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** The statuses its document declares. */
  statuses: Set<string>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema | string }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [routePath, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        ...parameter,
        // a z.record querystring comes out as parameters named after JSON Schema keywords
        schema: typeof parameter.schema === 'object' ? parameter.schema : {},
      }));
      operations.push({
        method: method.toUpperCase(),
        path: routePath,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content['application/json']?.schema ?? null,
        statuses: new Set(Object.keys(operation.responses ?? {})),
      });
    }
  }
  // the last pattern that matches decides: later patterns are more destructive
  const rank = (operation: Operation) =>
    RUN_LAST.findLastIndex((pattern) => pattern.test(`${operation.method} ${operation.path}`));
  return operations.sort((a, b) => rank(a) - rank(b));
}

const someAddress = fc
  .tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 1, max: 250 }), fc.integer({ min: 1, max: 250 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

interface FuzzRequest {
  who: 'anonymous' | 'person' | 'admin';
  url: string;
  payload: string | undefined;
  remoteAddress: string;
}

/**
 * Requests for one operation. Half are well-shaped throughout (real ids mostly), so they reach
 * the handler and the database; the other half have exactly one hostile part (a path parameter,
 * a query value, an unknown or repeated query key, or the body), so that part is what the
 * server meets past every other check.
 */
function requestsFor(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const validPath = fc.tuple(
    ...operation.pathParams.map((param) => validValue(param.schema, param.name, known).map(encodeUrlValue)),
  );
  const validQuery = fc.tuple(
    ...operation.queryParams.map((param) =>
      fc.option(validValue(param.schema, param.name, known).map(encodeUrlValue), { freq: 2 }),
    ),
  );
  const validBody = operation.body ? validValue(operation.body, undefined, known) : fc.constant(undefined);
  const partCount = operation.pathParams.length + operation.queryParams.length + 2;
  const mutation = fc.option(
    fc.record({
      // which part turns hostile: a path parameter, a query value, the body, or an extra query key
      part: fc.nat({ max: partCount - 1 }),
      urlValue: fc.oneof(
        { weight: 4, arbitrary: hostileValue.map(encodeUrlValue) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((piece) => `a${piece}b`) },
      ),
      body: operation.body
        ? fc.oneof(
            { weight: 6, arbitrary: fuzzValue(operation.body, undefined, known).map((value) => JSON.stringify(value)) },
            { weight: 1, arbitrary: fc.constantFrom('{"a":', '', 'null', '[]', '"\\u0000"', '{"__proto__":{"x":1}}') },
          )
        : fc.constantFrom('{}', '{"x":"\\u0000"}', 'null'),
      extraKey: fc.constantFrom('unknown', 'a%00b', '__proto__', 'cursor', 'q'),
      repeat: fc.boolean(),
      cursor: fc.constantFrom(...FORGED_CURSORS),
    }),
    { freq: 2 },
  );
  return fc
    .record({
      who: fc.constantFrom('anonymous', 'person', 'admin') as fc.Arbitrary<FuzzRequest['who']>,
      pathValues: validPath,
      queryValues: validQuery,
      body: validBody,
      mutation,
      remoteAddress: someAddress,
    })
    .map(({ who, pathValues, queryValues, body, mutation: hostile, remoteAddress }) => {
      const pathCount = operation.pathParams.length;
      const queryCount = operation.queryParams.length;
      let url = operation.path;
      operation.pathParams.forEach((param, index) => {
        const value = hostile?.part === index ? hostile.urlValue : pathValues[index];
        // an empty segment would be another route (or none): keep one character
        url = url.replace(`{${param.name}}`, value || '_');
      });
      const query: string[] = [];
      operation.queryParams.forEach((param, index) => {
        const isHostile = hostile?.part === pathCount + index;
        // a page link is forged as often as it is broken
        const hostileValue = param.name === 'cursor' && hostile?.repeat ? hostile.cursor : hostile?.urlValue;
        const value = isHostile ? hostileValue : queryValues[index];
        if (value === null || value === undefined) return;
        query.push(`${encodeUrlValue(param.name)}=${value}`);
        if (isHostile && hostile.repeat && param.name !== 'cursor') query.push(`${encodeUrlValue(param.name)}=x`);
      });
      if (hostile?.part === pathCount + queryCount + 1) query.push(`${hostile.extraKey}=${hostile.urlValue}`);
      const isBodyHostile = hostile?.part === pathCount + queryCount;
      const payload = isBodyHostile ? hostile.body : body === undefined ? undefined : JSON.stringify(body);
      return { who, url: query.length > 0 ? `${url}?${query.join('&')}` : url, payload, remoteAddress };
    });
}

/** The hostile values every part of every route meets once (see `targetedRequests`). */
const TARGETED_URL_VALUES = [
  'a\u0000b',
  '\u0007',
  'x\ud800',
  'w'.repeat(3000),
  '-1',
  '2147483648',
  '1e309',
  '9'.repeat(30),
  '%',
  ...FORGED_CURSORS,
];
const TARGETED_BODY_VALUES: unknown[] = [
  'a\u0000b',
  '\u0007',
  'x\ud800',
  'w'.repeat(200_000),
  -1,
  2 ** 31,
  1e308,
  null,
  [],
  {},
  '2024-02-30T25:61:00Z',
  ...FORGED_CURSORS.slice(0, 3),
];

/**
 * A well-shaped request (real ids, required query values, every body field), as each kind of
 * caller, then the same request as the administrator who hosts the group with each hostile value
 * in each part: every path parameter, every query value, a second copy of it, an unknown query
 * key and every top-level body field.
 */
function targetedRequests(operation: Operation, known: KnownValues): FuzzRequest[] {
  const sample = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: SEED, numRuns: 1 })[0] as T;
  const pathValues = operation.pathParams.map((param) =>
    encodeUrlValue(sample(validValue(param.schema, param.name, known))),
  );
  // optional query values stay out (a random page link would stop every request at the cursor check)
  const queryValues = operation.queryParams.map((param) =>
    param.required ? encodeUrlValue(sample(validValue(param.schema, param.name, known))) : null,
  );
  const body = operation.body ? (sample(validValue(operation.body, undefined, known)) as unknown) : undefined;
  const who: FuzzRequest['who'][] = ['admin', 'person', 'anonymous'];
  const requests: FuzzRequest[] = [];
  const build = (path: string[], query: (string | null)[], extraQuery: string[], payload: unknown) => {
    let url = operation.path;
    operation.pathParams.forEach((param, index) => {
      url = url.replace(`{${param.name}}`, path[index] || '_');
    });
    const entries = [
      ...operation.queryParams.flatMap((param, index) =>
        query[index] === null ? [] : [`${encodeUrlValue(param.name)}=${query[index]}`],
      ),
      ...extraQuery,
    ];
    requests.push({
      // the administrator hosting the group gets furthest; the well-shaped request goes as everyone
      who: requests.length < who.length ? (who[requests.length] ?? 'admin') : 'admin',
      url: entries.length > 0 ? `${url}?${entries.join('&')}` : url,
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      remoteAddress: `10.200.${requests.length % 250}.${(requests.length >> 8) % 250}`,
    });
  };
  for (let index = 0; index < who.length; index += 1) build(pathValues, queryValues, [], body);
  for (const value of TARGETED_URL_VALUES) {
    const encoded = value === '%' ? 'a%b' : encodeUrlValue(value);
    pathValues.forEach((_value, index) => build(pathValues.with(index, encoded), queryValues, [], body));
    queryValues.forEach((_value, index) => build(pathValues, queryValues.with(index, encoded), [], body));
    queryValues.forEach((_value, index) =>
      build(pathValues, queryValues, [`${encodeUrlValue(operation.queryParams[index]?.name)}=${encoded}`], body),
    );
  }
  build(pathValues, queryValues, ['unknown=1'], body);
  if (operation.body) {
    const fields =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? Object.keys(operation.body.properties ?? {})
        : [];
    for (const value of TARGETED_BODY_VALUES) {
      build(pathValues, queryValues, [], value);
      for (const field of fields) build(pathValues, queryValues, [], { ...(body as object), [field]: value });
    }
  }
  return requests;
}

describe('no request answers 5xx, whatever its parameters', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let cast: RoleCast;
  let known: KnownValues;
  let operations: Operation[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-fuzz-'));
    app = await buildTestApp({ config: { dataDir } });
    cast = await castRoles(app, { ama: true });
    await grantAdmin(app.db, cast.host.email);
    const post = await createPost(app, cast.member, cast.groupId);
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id });
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const comment = await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'A comment' });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = (comment.json() as { comment: { id: string } }).comment.id;
    const group = (await call(app, null, 'GET', `/api/groups/${cast.groupId}/access`)).json() as unknown;
    const slug = JSON.stringify(group).match(/"slug":"([^"]+)"/)?.[1] ?? 'no-slug';
    const people = [cast.host, cast.member, cast.subscriber, cast.guest];
    known = {
      groupId: [cast.groupId],
      postId: [post.id],
      questionId: [questionId],
      sessionId: [sessionId],
      commentId: [commentId],
      replyToId: [commentId],
      targetId: [post.id, questionId, commentId],
      id: [post.id, questionId, commentId],
      userId: people.map((person) => person.id),
      username: people.map((person) => person.username),
      email: people.map((person) => person.email),
      slug: [slug],
      file: ['w640.webp', 's384.webp', 'w640.png'],
      name: ['about', 'terms-of-service', 'privacy-policy'],
      startsAt: [new Date(Date.now() + 3_600_000).toISOString(), new Date(Date.now() + 86_400_000).toISOString()],
      password: ['a fine secret'],
      currentPassword: ['a fine secret'],
    };
    operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('covers every registered route, or says why not', () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    const unexplained = registeredRoutes(app)
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((route) => !documented.has(route) && NOT_FUZZED[route] === undefined && !isBuiltClientFile(route));
    expect(unexplained).toEqual([]);
  });

  it('answers every generated request below 500, with a sentence for every refusal', async () => {
    const failures: string[] = [];
    const statusCounts: Record<string, Record<number, number>> = {};
    const cookieOf = (who: FuzzRequest['who']): TestPerson | null =>
      who === 'admin' ? cast.host : who === 'person' ? cast.guest : null;
    /** Sends one request; the reason it is wrong, or null. */
    const send = async (operation: Operation, request: FuzzRequest): Promise<string | null> => {
      const person = cookieOf(request.who);
      const response = await app.inject({
        method: operation.method as 'GET',
        url: request.url,
        remoteAddress: request.remoteAddress,
        headers: {
          origin: ORIGIN,
          ...(person ? { cookie: person.cookie } : {}),
          ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      const key = `${operation.method} ${operation.path}`;
      (statusCounts[key] ??= {})[response.statusCode] = (statusCounts[key]?.[response.statusCode] ?? 0) + 1;
      const what = `${operation.method} ${request.url.slice(0, 300)} as ${request.who}, body ${request.payload?.slice(0, 300)}`;
      if (response.statusCode >= 500) return `${what}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
      if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
        const message = (response.json() as { error?: { message?: unknown } }).error?.message;
        if (typeof message !== 'string' || message.length === 0) return `${what}\n→ no sentence: ${response.body}`;
      }
      return null;
    };

    for (const operation of operations) {
      // each hostile value in each part of a well-shaped request, as each kind of caller
      for (const request of targetedRequests(operation, known)) {
        const failure = await send(operation, request);
        if (failure) {
          failures.push(`${operation.method} ${operation.path}: ${failure}`);
          break;
        }
      }
      // then random requests from the schema
      const details = await fc.check(
        fc.asyncProperty(requestsFor(operation, known), async (request) => {
          const failure = await send(operation, request);
          if (failure) throw new Error(failure);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (details.failed) {
        const error = details.errorInstance;
        failures.push(
          `${operation.method} ${operation.path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(statusCounts, null, 1));
    // every failing route at once, each with the request that failed
    expect(failures).toEqual([]);
    // and every status a route answered is one its document declares (a client generated from the
    // document knows each answer it can get)
    const undeclared = operations.flatMap((operation) =>
      Object.keys(statusCounts[`${operation.method} ${operation.path}`] ?? {})
        .filter((status) => !operation.statuses.has(status))
        .map((status) => `${operation.method} ${operation.path} → ${status}`),
    );
    expect(undeclared).toEqual([]);
  }, 240_000);
});
