import { isJsonObject, isRecordOf, isString } from '#client/lib/json-shape.ts';
import type { ErrorResponse } from '#shared/schemas/error.ts';

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

/**
 * Options of one API call whose answer has the type `T`: the output type of the shared schema
 * the server serializes that answer with (shared/schemas/*), imported as a type only.
 */
export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body (file uploads); the browser sets the boundary. */
  form?: FormData;
  /**
   * Reads the answer with a real check, for an answer whose reading the client relies on (the
   * session's). It throws when the answer does not fit, and the call fails with invalid_response.
   * Without it the answer is trusted as `T`: the server builds it from the same shared schema
   * (decision 024), and the client loads no zod.
   */
  read?: (answer: unknown) => T;
  signal?: AbortSignal | undefined;
};

/** Calls a JSON endpoint under /api and returns its answer, typed `T`; throws ApiError on failure. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, form, read, signal }: ApiRequestOptions<T> = {},
): Promise<T> {
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
    const error = payload.ok ? readErrorBody(payload.value) : null;
    if (error) {
      const { code, message, fields } = error;
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

  if (!read) return payload.value as T;
  try {
    return read(payload.value);
  } catch (error) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'The server sent an answer this app does not understand.',
      cause: error,
    });
  }
}

/**
 * The `error` of a body in the server's one error shape (ErrorResponseSchema), checked by hand:
 * null for anything else, such as the page a proxy or gateway in front of the server answers with.
 */
export function readErrorBody(body: unknown): ErrorResponse['error'] | null {
  if (!isJsonObject(body) || !isJsonObject(body.error)) return null;
  const { code, message, fields } = body.error;
  if (!isString(code) || !isString(message)) return null;
  if (fields === undefined) return { code, message };
  return isRecordOf(fields, isString) ? { code, message, fields } : null;
}

type CallOptions<T> = Pick<ApiRequestOptions<T>, 'read' | 'signal'>;

/** Short forms of apiRequest, one per method: `api.get<GroupPageResponse>(path, { signal })`. */
export const api = {
  get: <T>(path: string, options: CallOptions<T> = {}) => apiRequest<T>(path, { method: 'GET', ...options }),
  post: <T>(path: string, body: unknown, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { method: 'POST', body, ...options }),
  put: <T>(path: string, body: unknown, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { method: 'PUT', body, ...options }),
  patch: <T>(path: string, body: unknown, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { method: 'PATCH', body, ...options }),
  delete: <T>(path: string, options: CallOptions<T> = {}) => apiRequest<T>(path, { method: 'DELETE', ...options }),
};

type JsonPayload = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): JsonPayload {
  // An empty body (204) reads as `undefined`, the answer of a call typed `undefined`.
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
