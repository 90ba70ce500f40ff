import { ApiError } from '#client/lib/api-client.ts';

/**
 * A query's `retry` for reads that may answer 4xx (a group, post or question that is gone):
 * retried as the app retries (3 times), but never a 4xx: asking again changes nothing.
 */
export function retryRead(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}
