import { ApiError } from '#client/lib/api-client.ts';
import { PERMISSION_ERROR_CODES } from '#shared/lib/permissions.ts';

/** The server refused a write because the viewer's role went stale: a subscription would open it. */
export function isSubscriptionRequired(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.code === PERMISSION_ERROR_CODES.subscriptionRequired
  );
}

/** The server refused a write because nobody is signed in (the session ended in another tab). */
export function isSignInRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A refusal the subscribe gate answers (sign in or subscribe) rather than an error toast. */
export function isGateError(error: unknown): boolean {
  return isSubscriptionRequired(error) || isSignInRequired(error);
}
