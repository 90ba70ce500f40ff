import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { badRequest } from '../../lib/errors.ts';

/** A comment's text as stored: trimmed, exactly as typed otherwise (never turned into HTML). */
export function checkCommentBody(body: string): string {
  const text = body.trim();
  if (text === '') throw badRequest(CONTENT_MESSAGES.commentEmpty, { body: CONTENT_MESSAGES.commentEmpty });
  if (text.length > CONTENT_LIMITS.commentBodyMax) {
    throw badRequest(CONTENT_MESSAGES.commentTooLong, { body: CONTENT_MESSAGES.commentTooLong });
  }
  return text;
}
