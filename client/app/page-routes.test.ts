import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '#shared/lib/page-routes.ts';
import { routes } from './router.tsx';

/** Every full path of a route tree, without the catch-all (`*`) and index routes (their parent's path). */
function fullPaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.index || route.path === '*') return [];
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return [...(route.path === undefined ? [] : [path || '/']), ...fullPaths(route.children ?? [], path)];
  });
}

describe('the page routes the server knows', () => {
  it('are exactly the routes of the client router', () => {
    // The server answers 200 for these and 404 for anything else: a page missing from
    // shared/lib/page-routes.ts would be served with a 404 status.
    expect([...fullPaths(routes)].sort()).toEqual([...PAGE_ROUTES].sort());
  });
});
