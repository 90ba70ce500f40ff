import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { exampleOf, type JsonSchema } from './openapi-examples.ts';

/**
 * What the OpenAPI document says beyond the routes' zod schemas, derived in one place so that a
 * new route is described without any work of its own (decision 047):
 *
 * - `operationId`: the route's own, or made from its method and path (`getSessionLedger`);
 * - `security`: the route's own, or from what it answers: a route that declares 401 needs the
 *   session cookie, any other takes it optionally (the answer may depend on who is signed in);
 * - statuses: 400 everywhere (the input guard refuses a control character in any address, and
 *   the schemas refuse bad input), 401 where sign-in is needed, 414 where the path has a
 *   parameter (the router's length limit), 413 and 415 where a body is read, 429 where the route
 *   declares a rate limit (`config.rateLimit`);
 * - examples for every parameter, body and response, made from the schemas (openapi-examples.ts);
 * - a querystring of any names (`z.record`) as one free-form parameter, not as made-up ones.
 */

/** The security scheme of the session cookie (better-auth's, `advanced.cookiePrefix` 'townhall'). */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
/** The security scheme of the welcome call: a Google ID token as the Bearer. */
export const GOOGLE_ID_TOKEN_SCHEME = 'googleIdToken';

/** A route's `schema.security`, where the derived one (from its declared 401) would be wrong. */
export const SECURITY = {
  /** Anyone; a session cookie, when sent, changes nothing. */
  none: [],
  /** Anyone; the answer may depend on who is signed in (the session cookie). */
  optional: [{}, { [SESSION_COOKIE_SCHEME]: [] }],
  /** Only a signed-in person: without the session cookie, 401. */
  signedIn: [{ [SESSION_COOKIE_SCHEME]: [] }],
  /** A Google ID token as `Authorization: Bearer …`. */
  googleIdToken: [{ [GOOGLE_ID_TOKEN_SCHEME]: [] }],
} as const satisfies Record<string, FastifySchema['security']>;

/** The session cookie's name: better-auth prefixes `__Secure-` when the site is served over HTTPS. */
export function sessionCookieName(publicUrl: string): string {
  return `${publicUrl.startsWith('https:') ? '__Secure-' : ''}townhall.session_token`;
}

export function securitySchemes(publicUrl: string) {
  return {
    [SESSION_COOKIE_SCHEME]: {
      type: 'apiKey' as const,
      in: 'cookie' as const,
      name: sessionCookieName(publicUrl),
      description:
        'The session cookie that `POST /api/accounts/sign-in` (or sign-up, or Google sign-in) sets: httpOnly, ' +
        'SameSite=Lax, named `__Secure-townhall.session_token` on an HTTPS site. Writes also need an `Origin` ' +
        'header of the site itself.',
    },
    [GOOGLE_ID_TOKEN_SCHEME]: {
      type: 'http' as const,
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'A Google ID token (`GET /api/accounts/google/id-token` gives the signed-in person theirs).',
    },
  };
}

const ERROR_SCHEMA_NAME = 'ErrorResponse';
const errorJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ErrorResponseSchema, {
    target: 'draft-2020-12',
    io: 'output',
  }) as JsonSchema;
  return schema;
})();
const ERROR_JSON = JSON.stringify(errorJsonSchema);
const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

/** What each status means, for responses that do not say it themselves. */
const STATUS_TEXTS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  302: 'Found: a redirect to the `Location` header',
  308: 'Moved for good: repeat the request at the `Location` header',
  400: 'Bad request: the error names the field (`fields`) where a schema refused it',
  401: 'Sign-in needed (`unauthenticated`)',
  403: 'Not allowed for this person (`forbidden`)',
  404: 'Not found, or not visible to this person (`not_found`)',
  409: 'Conflicts with the current state (`conflict`, or a more exact code)',
  413: 'The body is too large (`payload_too_large`)',
  414: 'The address is too long: a part of it is over the limit (`uri_too_long`)',
  415: 'The body is not of a type this route reads (`unsupported_media_type`)',
  429: 'Too many requests (`too_many_requests`): try again after `Retry-After` seconds',
  500: 'Something failed on the server',
  503: 'Unavailable for now (`unavailable`)',
};

/** An example error of each status: what the error handler writes, in the words people read. */
const ERROR_EXAMPLES: Record<string, { error: { code: string; message: string; fields?: Record<string, string> } }> = {
  400: {
    error: {
      code: 'validation_failed',
      message: 'Some fields need another look.',
      fields: { 'body.name': 'Too long (at most 60 characters).' },
    },
  },
  401: { error: { code: 'unauthenticated', message: 'You need to sign in first.' } },
  403: { error: { code: 'forbidden', message: 'Only the host of this group can do that.' } },
  404: { error: { code: 'not_found', message: 'Group not found.' } },
  409: { error: { code: 'conflict', message: 'That slug is taken already.' } },
  413: { error: { code: 'payload_too_large', message: 'The request body is too large.' } },
  414: { error: { code: 'uri_too_long', message: 'The address is too long: one of its parts is over the limit.' } },
  415: { error: { code: 'unsupported_media_type', message: 'Send the body as application/json.' } },
  429: { error: { code: 'too_many_requests', message: 'Too many requests. Please try again in 30 seconds.' } },
  500: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
  503: { error: { code: 'unavailable', message: 'The database is not answering. Please try again soon.' } },
};

/**
 * Examples of files that are not JSON, by media type, for a response whose schema is a bare string
 * (a route's own `.meta({ examples })` wins). Binary files (BINARY_MEDIA) have none.
 */
const MEDIA_EXAMPLES: Record<string, unknown> = {
  'text/calendar': [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Townhall//Townhall//EN',
    'BEGIN:VEVENT',
    'UID:3f2b8c1e-7d4a-4c2b-9e1f-5a6b7c8d9e0f@townhall.example',
    'SEQUENCE:0',
    'DTSTAMP:20261127T120000Z',
    'DTSTART:20261127T180000Z',
    'DTEND:20261127T190000Z',
    'SUMMARY:Ask me anything about climate data',
    'URL:https://townhall.example/event/3f2b8c1e-7d4a-4c2b-9e1f-5a6b7c8d9e0f',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n'),
  'text/csv': '\uFEFFfigure,value\r\nasked,42\r\nanswered,30\r\n',
  'text/markdown':
    '# Ask me anything about climate data\n\n## How do you check a dataset before you chart it?\n\nI plot it raw first.\n',
  'text/plain': 'User-agent: *\nAllow: /\n',
  'text/html': '<!doctype html><html lang="en"><title>Townhall</title></html>',
  'application/xml':
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>',
  'application/atom+xml':
    '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Climate, Plainly</title></feed>',
};
const BINARY_MEDIA = /^(image|audio|video)\/|^application\/octet-stream$/;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasRateLimit = (route: RouteOptions | undefined) => (route?.config?.rateLimit?.length ?? 0) > 0;

/**
 * The route transform of @fastify/swagger: fastify-type-provider-zod's (zod → JSON Schema), then
 * the derived security and statuses. Whatever needs the whole document (operationIds must be
 * unique, examples, shared components) is done in `completeDocument` below.
 */
export function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions }) {
  const transformed = jsonSchemaTransform({ ...input, schema: input.schema ?? {} }) as {
    schema: JsonSchema;
    url: string;
  };
  const schema = { ...transformed.schema };
  if (schema.hide) return transformed;

  // A querystring of any names (z.record) has no properties: @fastify/swagger would turn the
  // keywords of its schema into parameters. It becomes one free-form parameter instead.
  const query = schema.querystring;
  if (isObject(query) && !isObject(query.properties)) {
    schema['x-free-form-query'] = query;
    delete schema.querystring;
  }

  const response: JsonSchema = { ...(isObject(schema.response) ? schema.response : {}) };
  schema.security ??= '401' in response ? SECURITY.signedIn : SECURITY.optional;
  const requirements = schema.security as Record<string, unknown>[];
  const isSignInNeeded =
    requirements.length > 0 && requirements.every((requirement) => SESSION_COOKIE_SCHEME in requirement);

  const add = (status: number) => {
    if (!(String(status) in response)) response[status] = structuredClone(errorJsonSchema);
  };
  // the input guard refuses a control character or broken Unicode in any address or body
  add(400);
  if (isSignInNeeded) add(401);
  // the router refuses a path parameter over its limit (maxParamLength) before the route runs
  if (/[:*]/.test(input.url)) add(414);
  if (schema.body) {
    add(413);
    add(415);
  }
  if (hasRateLimit(input.route)) add(429);
  schema.response = response;
  return { schema, url: transformed.url };
}

type Operation = {
  operationId?: string;
  parameters?: JsonSchema[];
  requestBody?: { content?: Record<string, JsonSchema> };
  responses?: Record<string, JsonSchema>;
  security?: unknown;
  [key: string]: unknown;
};
type Document = {
  info: JsonSchema;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: unknown };
  [key: string]: unknown;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const wordsOf = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** The last word of a collection before its id: `groups/{groupId}` reads `Group`. */
const singular = (word: string) =>
  /ies$/.test(word) ? `${word.slice(0, -3)}y` : /[^s]s$/.test(word) ? word.slice(0, -1) : word;

/**
 * The operationId of `method path`, from the path alone, so it never depends on the order in which
 * routes were registered: `GET /api/sessions/{sessionId}/ledger` → `getSessionLedger`. Qualified
 * (for two routes that would read the same), each parameter is named and no word is singular:
 * `GET /api/admin/mail/{id}` → `getAdminMailById`.
 */
export function derivedOperationId(method: string, path: string, isQualified = false): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words: string[] = [];
  segments.forEach((segment, index) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    if (parameter) {
      if (isQualified) words.push('By', ...wordsOf(parameter[1]!));
      return;
    }
    const segmentWords = wordsOf(segment);
    if (!isQualified && segments[index + 1]?.startsWith('{') && segmentWords.length > 0) {
      segmentWords.push(singular(segmentWords.pop()!));
    }
    words.push(...segmentWords);
  });
  return method.toLowerCase() + words.map(capitalized).join('');
}

/** The example of one response's media type: the status's error, a file of the type, or one from the schema. */
function responseExample(status: string, mediaType: string, schema: unknown, resolve: (ref: string) => unknown) {
  if (isObject(schema) && schema.$ref === errorRef.$ref && ERROR_EXAMPLES[status]) return ERROR_EXAMPLES[status];
  const isBareString = isObject(schema) && schema.type === 'string' && !schema.examples && !schema.pattern;
  const mediaExample = MEDIA_EXAMPLES[mediaType];
  if (isBareString && mediaExample !== undefined) return mediaExample;
  return exampleOf(schema, undefined, resolve);
}

/** Replaces every inline copy of the error schema with a reference to the one component. */
function referenceErrors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(referenceErrors);
  if (!isObject(value)) return value;
  if (value.type === 'object' && JSON.stringify(value) === ERROR_JSON) return errorRef;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) out[key] = referenceErrors(child);
  return out;
}

/**
 * The transformObject of @fastify/swagger: unique operationIds, the free-form query parameter,
 * the error component, response texts and headers, and an example for every parameter, body and
 * response. `servers` and the license come from the plugin's options.
 */
export function completeDocument(input: { openapiObject: unknown }): Document {
  const document = referenceErrors(structuredClone(input.openapiObject)) as Document;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [ERROR_SCHEMA_NAME]: errorJsonSchema },
  };
  const resolve = (ref: string): unknown => {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    return name ? document.components?.schemas?.[name] : undefined;
  };

  const operations: { method: string; path: string; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method)) operations.push({ method, path, operation });
    }
  }

  // operationIds: a route's own, else derived; two derived ones that read alike are both qualified
  const counts = new Map<string, number>();
  for (const { method, path, operation } of operations) {
    const id = operation.operationId ?? derivedOperationId(method, path);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const { method, path, operation } of operations) {
    if (operation.operationId) continue;
    const id = derivedOperationId(method, path);
    operation.operationId = (counts.get(id) ?? 0) > 1 ? derivedOperationId(method, path, true) : id;
  }

  for (const { path, operation } of operations) {
    const freeForm = operation['x-free-form-query'];
    if (isObject(freeForm)) {
      delete operation['x-free-form-query'];
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: 'query',
          in: 'query',
          required: false,
          style: 'form',
          explode: true,
          description: 'Any query parameters, each read as it is sent.',
          schema: { type: 'object', additionalProperties: freeForm.additionalProperties ?? true },
        },
      ];
    }

    for (const parameter of operation.parameters ?? []) {
      if (!('example' in parameter) && !('examples' in parameter)) {
        parameter.example = exampleOf(parameter.schema, String(parameter.name), resolve);
      }
    }
    // a body is named after what the path holds (`POST /api/groups` sends a group), so its fields read right
    const bodyName = path
      .split('/')
      .filter((segment) => segment && !segment.startsWith('{'))
      .at(-1);
    for (const media of Object.values(operation.requestBody?.content ?? {})) {
      if (!('example' in media) && !('examples' in media)) {
        media.example = exampleOf(media.schema, bodyName && singular(bodyName), resolve);
      }
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (response.description === 'Default Response' || !response.description) {
        response.description = STATUS_TEXTS[status] ?? `Status ${status}`;
      }
      if (status === '429') {
        response.headers = {
          'Retry-After': { description: 'Seconds until the limit allows another try', schema: { type: 'integer' } },
          ...(isObject(response.headers) ? response.headers : {}),
        };
      }
      for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, JsonSchema>)) {
        if ('example' in media || 'examples' in media) continue;
        // bytes of an image have no example a JSON document can hold (an externalValue would send
        // tools to fetch it from the internet)
        if (BINARY_MEDIA.test(mediaType)) continue;
        media.example = responseExample(status, mediaType, media.schema, resolve);
      }
    }
  }
  return document;
}
