/**
 * The one error vocabulary of the API: every failure a person can cause is an AppError
 * with an HTTP status, a stable code and a message meant for people.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields ? { fields } : {});
export const validationFailed = (message: string, fields: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, { fields });
/** 401: nobody is signed in (or the credentials given are not valid). The API's one 401 code. */
export const unauthenticated = (message = 'You need to sign in first.') =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (message = "You don't have permission for this action") =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const payloadTooLarge = (message = 'The request is too large.') =>
  new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message = 'Send the request body as JSON.') =>
  new AppError(415, 'unsupported_media_type', message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please wait and try again.') =>
  new AppError(429, 'too_many_requests', message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const serviceUnavailable = (message = 'The service is not available right now. Please try again shortly.') =>
  new AppError(503, 'unavailable', message);
