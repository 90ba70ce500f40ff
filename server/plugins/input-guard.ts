import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '#shared/schemas/error.ts';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/errors.ts';

/** Longest value of a path parameter or query parameter any route takes (route schemas are stricter). */
export const MAX_URL_VALUE_LENGTH = 2048;

/** Deepest nesting of a JSON body we walk; no route takes anything near it. */
const MAX_BODY_DEPTH = 64;

// Every control character (C0, DEL, C1): none belongs in an address, a name or a search.
const URL_CONTROL = /\p{Cc}/u;
// Text a person writes keeps its tabs and line breaks; any other control character is refused.
const BODY_CONTROL = /(?![\t\n\r])\p{Cc}/u;

type Problem = { field: string; message: string };

function checkString(value: string, field: string, control: RegExp, maxLength: number | null): Problem | null {
  // PostgreSQL refuses U+0000 in text outright, and the other control characters are never
  // meant: without this a NUL in a search was a database error (500).
  if (control.test(value)) return { field, message: 'contains a control character, which is not allowed' };
  // A lone surrogate half cannot be written as UTF-8: it would be stored as U+FFFD.
  if (!value.isWellFormed()) return { field, message: 'contains a broken character (not valid Unicode)' };
  if (maxLength !== null && value.length > maxLength) {
    return { field, message: `is too long (at most ${maxLength} characters)` };
  }
  return null;
}

/** The first bad string of a parsed querystring or params object (values are strings or arrays of them). */
function checkUrlValues(values: unknown, context: 'params' | 'query'): Problem | null {
  if (values === null || typeof values !== 'object') return null;
  for (const [key, raw] of Object.entries(values)) {
    const keyProblem = checkString(key, context, URL_CONTROL, MAX_URL_VALUE_LENGTH);
    if (keyProblem) return keyProblem;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string') continue;
      const problem = checkString(value, `${context}.${key}`, URL_CONTROL, MAX_URL_VALUE_LENGTH);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * The first bad string (value or key) of a JSON body. Iterative, with a depth cap: a body of
 * deeply nested arrays must not exhaust the stack. Strings are bounded by the body limit and by
 * each route's own schema.
 */
function checkBody(body: unknown): Problem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: 'body', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = checkString(value, path, BODY_CONTROL, null);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH)
      return { field: path, message: `is nested too deeply (at most ${MAX_BODY_DEPTH} levels)` };
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: `${path}.${index}`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = checkString(key, path, BODY_CONTROL, MAX_URL_VALUE_LENGTH);
      if (keyProblem) return { field: path, message: `has a field name that ${keyProblem.message}` };
      stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

function firstProblem(request: FastifyRequest): Problem | null {
  return (
    checkUrlValues(request.params, 'params') ??
    checkUrlValues(request.query, 'query') ??
    (request.body === undefined ? null : checkBody(request.body))
  );
}

/**
 * One guard for every route's input, before its schema runs: path parameters, query values and
 * JSON bodies with a control character (NUL above all, which PostgreSQL refuses), a broken
 * character (a lone surrogate) or, in the address, an oversized value are a 400 naming the field,
 * in the same shape as a schema's refusal. Tabs and line breaks stay allowed in bodies.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      // a path no route has is the client's page or a 404, which reads no input here
      if (request.is404) return;
      const problem = firstProblem(request);
      if (problem) {
        throw validationFailed(`${problem.field}: ${problem.message}`, { [problem.field]: problem.message });
      }
    });
  },
  { name: 'input-guard' },
);

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook or error handler runs (an
 * address with broken percent-encoding, a path segment over the router's limit) gets our error
 * shape and a sentence instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let status = 500;
  let body: ErrorResponse = {
    error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
  };
  if (error.code === 'FST_ERR_BAD_URL') {
    status = 400;
    body = {
      error: { code: 'bad_request', message: 'The address is not valid: part of it is wrongly percent-encoded.' },
    };
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    status = 414;
    body = { error: { code: 'uri_too_long', message: 'The address is too long: one of its parts is over the limit.' } };
  } else {
    request.log.error({ err: error }, 'request failed before routing');
  }
  void reply.status(status).header('x-request-id', request.id).send(body);
}
