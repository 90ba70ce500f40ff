import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '#shared/lib/route-modules.ts';
import { routes } from './router.tsx';

// Every page module, keyed as the manifest and ROUTE_MODULES name it (relative to client/).
const pageModules = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../routes/**/*.tsx')).map(([key, load]) => [
    key.replace(/^\.\.\//, ''),
    load,
  ]),
);

/** The module whose export is the component a lazy route resolves to. */
async function moduleOf(route: RouteObject): Promise<string> {
  if (typeof route.lazy !== 'function') throw new Error('not a lazy route');
  const { Component } = (await route.lazy()) as { Component?: unknown };
  for (const [key, load] of Object.entries(pageModules)) {
    if (!key.endsWith('.test.tsx') && Object.values(await load()).includes(Component)) return key;
  }
  throw new Error(`no page module exports the component of ${route.path ?? 'an index route'}`);
}

/** Each page's full path with the lazy modules React Router loads for it, outermost first. */
async function pageChains(tree: RouteObject[], parent = '', above: string[] = []): Promise<Map<string, string[]>> {
  const chains = new Map<string, string[]>();
  for (const route of tree) {
    if (route.path === '*') continue;
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/');
    const own = typeof route.lazy === 'function' ? [...above, await moduleOf(route)] : above;
    const index = route.children?.find((child) => child.index);
    if (index && typeof index.lazy === 'function') chains.set(path || '/', [...own, await moduleOf(index)]);
    else if (route.index && typeof route.lazy === 'function') chains.set(parent || '/', own);
    else if (own.length > above.length && !route.children?.length) chains.set(path || '/', own);
    for (const [childPath, chain] of await pageChains(route.children ?? [], path, own)) chains.set(childPath, chain);
  }
  return chains;
}

describe('the lazy modules the server preloads for each page (shared/lib/route-modules.ts)', () => {
  it('start with the modules the router loads for that page, for every page with lazy code', async () => {
    const chains = await pageChains(routes);
    expect([...chains.keys()].sort()).toEqual(Object.keys(ROUTE_MODULES).sort());
    for (const [path, chain] of chains) {
      // what follows the router's own modules is what the page always imports at first render
      expect(ROUTE_MODULES[path as keyof typeof ROUTE_MODULES]?.slice(0, chain.length), path).toEqual(chain);
    }
  });
});
