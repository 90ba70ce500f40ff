/** What a secret query value is replaced with in logs. */
export const REDACTED = '[redacted]';

// Query parameters that carry a credential: unsubscribe and reset-password tokens (which never
// expire or sign in, respectively), OAuth's code and state on the Google callback, and the like.
const SECRET_NAMES: ReadonlySet<string> = new Set(['code', 'state', 'sig', 'signature', 'otp', 'apikey', 'api_key']);
const SECRET_SUFFIX = /(token|secret|password)$/;

/** A private calendar feed's path (/calendar/{token}.ics, its secret in the path) with the token redacted. */
function redactSecretPath(url: string): string {
  const match = /^\/([^/?#]+)\/[^/?#]+/.exec(url);
  if (!match?.[1]) return url;
  let first = match[1];
  try {
    first = decodeURIComponent(first);
  } catch {
    // a malformed escape: compared as sent
  }
  return first.toLowerCase() === 'calendar' ? `/${match[1]}/${REDACTED}${url.slice(match[0].length)}` : url;
}

/** A query parameter's name as the server's query parser reads it: decoded, `+` as space. */
function parameterName(rawName: string): string {
  const name = rawName.replaceAll('+', ' ');
  try {
    return decodeURIComponent(name).trim().toLowerCase();
  } catch {
    return name.trim().toLowerCase();
  }
}

/** Whether a query parameter (by its decoded name) holds a secret that must stay out of logs. */
export function isSecretParameter(name: string): boolean {
  const bare = name.replace(/\[\]$/, '');
  return SECRET_NAMES.has(bare) || SECRET_SUFFIX.test(bare);
}

/**
 * The request URL as it may be logged: the value of every secret query parameter replaced by
 * '[redacted]', and so is the token in a private calendar feed's path; everything else is left
 * exactly as sent (so a log line still shows the path and the harmless parameters).
 */
export function redactUrl(rawUrl: string): string {
  const url = redactSecretPath(rawUrl);
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart === -1 ? undefined : fragmentStart);
  const redacted = query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals === -1 ? part : part.slice(0, equals);
      return isSecretParameter(parameterName(rawName)) ? `${rawName}=${REDACTED}` : part;
    })
    .join('&');
  // a fragment is never sent by browsers; one that arrives anyway is dropped rather than judged
  return `${url.slice(0, queryStart)}?${redacted}`;
}
