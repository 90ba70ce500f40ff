import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** A post's text as stored: trimmed; may be empty only when the post has images (checked by the caller). */
export function checkPostBody(body: string): string {
  const text = body.trim();
  if (text.length > CONTENT_LIMITS.postBodyMax) {
    throw badRequest(CONTENT_MESSAGES.postTooLong, { body: CONTENT_MESSAGES.postTooLong });
  }
  return text;
}

/** Ids of posts, comments, questions and answers are UUIDs; anything else names nothing (404 `message`). */
export function requireItemId(value: string, message: string): string {
  if (!isUuid(value)) throw notFound(message);
  return value;
}
