import type { z } from 'zod';

import { ErrorResponseSchema } from '#shared/schemas/error.ts';

/** A failed API call: the server's status, stable code and message meant for people. */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** Stable machine-readable code from the server, or one of the client's own below. */
  readonly code: string;
  /** Per-field messages of a validation error, keyed by the field's path (`body.email`). */
  readonly fields: Record<string, string> | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
  }
}

/** Codes the client uses when the server did not supply one. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  http: 'http_error',
  invalidResponse: 'invalid_response',
} as const;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of one API call. */
export type ApiRequestOptions<S extends z.ZodType> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body (file uploads); the browser sets the boundary. */
  form?: FormData;
  /** The answer is checked against it, so a server drift fails loudly here, not in a component. */
  schema: S;
  signal?: AbortSignal | undefined;
};

/** Calls a JSON endpoint under /api and returns its validated answer; throws ApiError on failure. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, form, schema, signal }: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  // Only our own same-origin API goes through here, never a full URL to another host.
  if (!path.startsWith('/api/')) {
    throw new TypeError(`API paths start with /api/, got ${path}`);
  }

  const hasBody = body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody && !form) headers['Content-Type'] = 'application/json';
  const requestBody = form ?? (hasBody ? JSON.stringify(body) : null);

  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: requestBody,
      credentials: 'same-origin',
      signal: signal ?? null,
    });
    text = await response.text();
  } catch (error) {
    // TanStack Query relies on seeing the abort itself to drop a cancelled request quietly.
    if (signal?.aborted || isAbortError(error)) throw error;
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: 'Could not reach the server. Check your connection.',
      cause: error,
    });
  }

  const payload = parseJson(text);

  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(payload.ok ? payload.value : undefined);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError({ status: response.status, code, message, fields });
    }
    // A proxy or gateway in front of the server answers in its own shape.
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.http,
      message: `The server answered with status ${String(response.status)}.`,
    });
  }

  if (!payload.ok) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'The server sent an answer that is not JSON.',
    });
  }

  const result = schema.safeParse(payload.value);
  if (!result.success) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'The server sent an answer this app does not understand.',
      cause: result.error,
    });
  }
  return result.data;
}

type CallOptions = { signal?: AbortSignal | undefined };

/** Short forms of apiRequest, one per method. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}) =>
    apiRequest(path, { method: 'GET', schema, ...options }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: CallOptions = {}) =>
    apiRequest(path, { method: 'POST', body, schema, ...options }),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: CallOptions = {}) =>
    apiRequest(path, { method: 'PUT', body, schema, ...options }),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: CallOptions = {}) =>
    apiRequest(path, { method: 'PATCH', body, schema, ...options }),
  delete: <S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}) =>
    apiRequest(path, { method: 'DELETE', schema, ...options }),
};

type JsonPayload = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): JsonPayload {
  // An empty body (204) reads as `undefined`, which a `z.undefined()` schema accepts.
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isAbortError(error: unknown): boolean {
  // Checked by name: the DOMException of jsdom and of the runtime are different classes.
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
