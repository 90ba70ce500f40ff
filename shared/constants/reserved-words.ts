/**
 * The 29 reserved first-level path words: each names a page of Townhall that exists
 * or is kept for one.
 */
export const SPEC_RESERVED_WORDS = [
  'about',
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'background-gradient',
  'blog',
  'contact',
  'create',
  'creator',
  'dashboard',
  'events',
  'event',
  'group',
  'groups',
  'home',
  'index',
  'login',
  'logout',
  'privacy-policy',
  'profile',
  'settings',
  'signup',
  'static',
  'support',
  'terms-of-service',
  'ui-library',
  'user',
] as const;

/**
 * First-level path words that can never be a custom slug or handle: the spec's, and every
 * other first segment the app answers itself — the client router's pages (a test reads
 * client/app/router.tsx and checks each is here) and the server's `/media` and `/metrics`
 * (Prometheus, server/plugins/metrics.ts) — since a handle
 * there would be shadowed by the page, or take its address.
 */
export const RESERVED_WORDS = [
  ...SPEC_RESERVED_WORDS,
  'forgot-password',
  'media',
  'metrics',
  'reset-password',
  'search',
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_WORDS);

/**
 * Whether a slug or handle is reserved: compared trimmed and lowercased;
 * an empty value is not reserved.
 */
export function isReservedWord(value: string): boolean {
  const normalized = value.trim().toLowerCase();
  return normalized !== '' && reserved.has(normalized);
}
