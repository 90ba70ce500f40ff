import { getSessionCookie, parseSetCookieHeader } from 'better-auth/cookies';

/** auth.ts's `advanced.cookiePrefix`. */
const SESSION_COOKIE_PREFIX = 'townhall';
const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;

/** better-auth signs the cookie as `token.signature`; the token has no dot. */
function unsigned(value: string | null | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : null;
}

/**
 * The session token of a request's Cookie header. Read without checking the signature: call it
 * only for a request that was signed in with that cookie (its viewer is set).
 */
export function sessionTokenOfRequest(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return unsigned(getSessionCookie(new Headers({ cookie: cookieHeader }), { cookiePrefix: SESSION_COOKIE_PREFIX }));
}

/** The session token that better-auth's answer (its Set-Cookie headers) gives the browser. */
export function sessionTokenOfAnswer(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    for (const [name, cookie] of parseSetCookieHeader(line)) {
      if (name === SESSION_COOKIE_NAME || name === `__Secure-${SESSION_COOKIE_NAME}`) return unsigned(cookie.value);
    }
  }
  return null;
}
