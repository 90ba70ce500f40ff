import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The version prefix lets a later format (say, with an expiry) live beside links already in inboxes.
const VERSION = 'u1';
// Signing with a purpose label keeps these signatures from being valid anywhere else the session
// secret signs something.
const PURPOSE = 'townhall:mail-unsubscribe';

/** An e-mail category: an e-mail settings flag such as `newAnswers`, or `all`. */
const CategorySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/);
const PayloadSchema = z.strictObject({
  userId: z.string().min(1).max(200),
  category: CategorySchema,
});

/** Whose e-mail of which category a one-click unsubscribe link turns off. */
export type UnsubscribeTarget = z.infer<typeof PayloadSchema>;

function sign(encodedPayload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${VERSION}\n${encodedPayload}`).digest();
}

/**
 * The token of a List-Unsubscribe link (RFC 8058): `u1.<payload>.<HMAC-SHA256>`, base64url.
 * It does not expire: an unsubscribe link must keep working in an old e-mail.
 */
export function createUnsubscribeToken(options: UnsubscribeTarget & { secret: string }): string {
  const { userId, category, secret } = options;
  const payload = PayloadSchema.parse({ userId, category });
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${VERSION}.${encodedPayload}.${sign(encodedPayload, secret).toString('base64url')}`;
}

/** The user and category of a genuine token; null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(token: string, secret: string): UnsubscribeTarget | null {
  if (token.length > 1024) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [version, encodedPayload, encodedSignature] = parts as [string, string, string];
  if (version !== VERSION || !/^[A-Za-z0-9_-]+$/.test(encodedPayload)) return null;

  const expected = sign(encodedPayload, secret);
  const given = Buffer.from(encodedSignature, 'base64url');
  // base64url decoding skips stray characters, so the re-encoding must match too.
  if (given.toString('base64url') !== encodedSignature) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  try {
    const result = PayloadSchema.safeParse(JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8')));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
