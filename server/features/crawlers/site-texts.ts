/**
 * Pages no search engine should crawl: those that need a sign-in (they say noindex too), the
 * forms of signing in, search results (endless pages of other pages) and the style guide. Each
 * is disallowed exactly (`$`, with a query `?`, and below it `/`), never as a bare prefix:
 * `/create` must not hide `/creator`, nor `/home` a person called homer.
 */
export const PRIVATE_PAGES = [
  '/settings',
  '/admin',
  '/dashboard',
  '/home',
  '/profile',
  '/create',
  '/search',
  '/login',
  '/signup',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/ui-library',
] as const;

/**
 * Paths disallowed as prefixes: the API, private calendar feeds (their address is the key), a
 * host's tools, and the presenter view (a streaming program's source, with no text of its own).
 */
export const PRIVATE_PREFIXES = [
  '/api/',
  '/calendar/',
  '/event/*/present',
  '/event/*/analytics',
  '/group/*/analytics',
  '/group/*/edit',
] as const;

/** robots.txt (RFC 9309): every public page allowed, the paths above not, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    '# Townhall: public groups, sessions, questions, profiles and the blog are for everyone to find.',
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PAGES.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}?`, `Disallow: ${path}/`]),
    ...PRIVATE_PREFIXES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** How long a security.txt is valid: RFC 9116 asks for less than a year, so a day short of one. */
const VALID_DAYS = 364;

/**
 * security.txt (RFC 9116): who to tell about a vulnerability. `Expires` is counted from the
 * start of today (UTC), so the file is the same all day (one ETag) and never older than a day.
 */
export function securityTxt(options: { publicUrl: string; contacts: string[]; now?: Date }): string {
  const { publicUrl } = options;
  const today = new Date(options.now ?? Date.now());
  today.setUTCHours(0, 0, 0, 0);
  const expires = new Date(today.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000);
  const contacts = options.contacts.length > 0 ? options.contacts : [`${publicUrl}/contact`];
  return [
    ...contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
