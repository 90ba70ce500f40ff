/**
 * Every page path of the client's router (client/app/router.tsx), in React Router's syntax:
 * the server answers these with the app and status 200, and any other page path with 404.
 * A client test compares this list with the router, so a page added there and forgotten
 * here fails it.
 */
export const PAGE_ROUTES = [
  '/',
  '/signup',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/settings',
  '/settings/profile',
  '/settings/account',
  '/settings/notifications',
  '/admin',
  '/admin/users',
  '/admin/content',
  '/admin/messages',
  '/admin/page-views',
  '/admin/audit-log',
  '/admin/mail',
  '/ui-library',
  '/profile',
  '/home',
  '/groups',
  '/create',
  '/group/:slug',
  '/events',
  '/event/:id',
  '/event/:id/present',
  '/event/:id/ledger',
  '/event/:id/analytics',
  '/group/:slug/ledger',
  '/group/:slug/analytics',
  '/group/:slug/edit',
  '/search',
  '/creator',
  '/dashboard',
  '/about',
  '/blog',
  '/blog/:slug',
  '/contact',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
  '/background-gradient',
  '/group/:slug/question/:questionId',
  '/group/:slug/post/:postId',
  '/app',
  '/index',
  '/auth',
  '/static',
  '/event',
  '/group',
  '/user',
  '/user/:id',
  '/:username',
  '/:username/followers',
  '/:username/following',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

const routeSegments = PAGE_ROUTES.map((route) => ({ route, segments: route.split('/').filter(Boolean) }));

/**
 * The route that a page path opens, as React Router picks it: static segments match without
 * regard to case and win over parameters (`/search` is the search page, not a person called
 * search); a trailing slash is allowed. Null when no page has this path.
 */
export function matchPageRoute(pathname: string): PageRoute | null {
  const parts = pathname.split('/').slice(1);
  // `/` and a trailing slash (`/events/`) leave one empty part: not a segment.
  if (parts.at(-1) === '') parts.pop();
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '') return null;
    try {
      segments.push(decodeURIComponent(part).toLowerCase());
    } catch {
      return null;
    }
  }
  let best: { route: PageRoute; score: number } | null = null;
  for (const candidate of routeSegments) {
    if (candidate.segments.length !== segments.length) continue;
    let score = 0;
    const isMatch = candidate.segments.every((segment, index) => {
      if (segment.startsWith(':')) return true;
      score += 1;
      return segment === segments[index];
    });
    if (isMatch && (!best || score > best.score)) best = { route: candidate.route, score };
  }
  return best?.route ?? null;
}
