/** What replaces a hidden secret in an e-mail an administrator reads. */
export const HIDDEN = '[hidden]';

// Every query value of a web address: reset links, unsubscribe links and whatever link a later
// e-mail adds carry their secrets there. Stops at what ends a URL in text, HTML or a header.
const URL_WITH_QUERY = /(https?:\/\/[^\s"'<>?#]*\?)([^\s"'<>#]*)/gi;
// A token named as such anywhere else (a link split by a mail client, a relative one).
const NAMED_TOKEN = /((?:^|[^a-z0-9_])(?:token|code|key|secret|signature|sig)=)[^\s"'<>&#;,]+/gi;

/** The query of a URL with each value hidden; `&amp;` of HTML stays as it was. */
function hideQueryValues(query: string): string {
  return query.replace(
    /(^|&(?:amp;)?)([^=&]*)=([^&]*)/gi,
    (_match, separator: string, name: string) => `${separator}${name}=${HIDDEN}`,
  );
}

/**
 * An e-mail's text, HTML or header value with every link secret hidden: the query values of each
 * web address and any `token=`-like value. What an administrator reads of the outbox can then
 * never be used to reset a password or act for someone (decision 014's companion rule: nobody
 * reaches an account through /admin).
 */
export function redactSecrets(content: string): string {
  return content
    .replace(URL_WITH_QUERY, (_match, head: string, query: string) => `${head}${hideQueryValues(query)}`)
    .replace(NAMED_TOKEN, (_match, name: string) => `${name}${HIDDEN}`);
}
