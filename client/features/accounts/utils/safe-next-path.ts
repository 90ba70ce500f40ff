import { paths } from '#client/lib/paths.ts';

/** Pages that make no sense to come back to after signing in or up. */
const AUTH_PATHS = [paths.login(), paths.signUp(), paths.logout(), paths.forgotPassword(), paths.resetPassword()];

/**
 * Where to go after signing in or up: the `next` search parameter when it is a path of this
 * site (one leading '/', not '//' or '/\', which browsers read as another host), else '/'.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters and backslashes are dropped or rewritten by URL parsers; refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, 'https://townhall.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'https://townhall.invalid') return '/';
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.includes(path)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A link to `page` (/login or /signup) that keeps where the person wants to go afterwards. */
export function withNextPath(page: string, next: string): string {
  return next === '/' ? page : `${page}?${new URLSearchParams({ next }).toString()}`;
}
