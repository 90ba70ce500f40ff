import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '#shared/schemas/error.ts';
import { describeDatabaseError, isDatabaseUnavailableError } from '../lib/database-errors.ts';
import { AppError } from '../lib/errors.ts';

/** Messages for Fastify's own 4xx errors, in words a person understands. */
const FASTIFY_MESSAGES: Record<string, { code: string; message: (error: FastifyError, bodyLimit: number) => string }> =
  {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      code: 'unsupported_media_type',
      message: () => 'Send the request body as JSON (Content-Type: application/json).',
    },
    FST_ERR_CTP_BODY_TOO_LARGE: {
      code: 'payload_too_large',
      message: (_error, limit) => `The request body is too large (at most ${Math.round(limit / 1024)} KB).`,
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      code: 'bad_request',
      message: () => 'The request body is empty: send a JSON value, or no Content-Type header.',
    },
    FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: () => 'The request body is not valid JSON.' },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      code: 'bad_request',
      message: () => 'The Content-Length header does not match the body.',
    },
  };

function validationFields(
  error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
    validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[];
    validationContext?: string;
  },
): Record<string, string> {
  const context = error.validationContext ?? 'body';
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields[[context, path, key].filter(Boolean).join('.')] = 'is not a field this request accepts';
      }
      continue;
    }
    const name = [context, path].filter(Boolean).join('.');
    fields[name] ??= issue.message ?? 'is not valid';
  }
  return fields;
}

/** Seconds a client is asked to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to any request the database could not serve because it is down, restarting or saturated. */
export const DATABASE_UNAVAILABLE = {
  code: 'database_unavailable',
  message: 'Townhall cannot reach its database right now. Please try again in a moment.',
} as const;

/**
 * One error shape everywhere: `{ error: { code, message, fields? } }`. Validation errors name
 * the field; a 5xx hides its internals and is logged with the request id.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let body: ErrorResponse;
      if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400;
        const fields = validationFields(error as never);
        const [first] = Object.entries(fields);
        body = {
          error: {
            code: 'validation_failed',
            message: first ? `${first[0]}: ${first[1]}` : 'The request is not valid.',
            fields,
          },
        };
      } else if (error instanceof AppError) {
        status = error.statusCode;
        if (error.headers) void reply.headers(error.headers);
        body = {
          error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
        };
      } else if (isDatabaseUnavailableError(error)) {
        // not the request's fault nor a bug: the database is down, restarting or every pooled
        // connection stayed busy past the checkout timeout. The process stays up and recovers.
        status = 503;
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        request.log.warn({ database: describeDatabaseError(error) }, 'database unavailable');
        body = { error: { ...DATABASE_UNAVAILABLE } };
      } else if (
        !isResponseSerializationError(error) &&
        error.statusCode &&
        error.statusCode >= 400 &&
        error.statusCode < 500
      ) {
        status = error.statusCode;
        const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
        body = {
          error: {
            code: known?.code ?? (status === 404 ? 'not_found' : 'bad_request'),
            message: known?.message(error, app.initialConfig.bodyLimit ?? 1_048_576) ?? error.message,
          },
        };
      } else {
        request.log.error({ err: error }, 'request failed');
        body = { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } };
      }
      if (status >= 400 && status < 500) request.log.info({ status, code: body.error.code }, body.error.message);
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
