import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../shared/lib/page-routes.ts';
import { buildScene, PAGE_VISITS, visitsOf, walk } from './accessibility-pages.ts';
import { useBrowser } from './kit.ts';

const browser = useBrowser();

describe('accessibility of every page, signed out', () => {
  it('the walk knows every route of the router, and visitors and members open each', () => {
    expect(Object.keys(PAGE_VISITS).sort()).toEqual([...PAGE_ROUTES].sort());
    for (const visit of Object.values(PAGE_VISITS)) {
      expect(visit.roles).toContain('visitor');
      expect(visit.roles).toContain('member');
    }
  });

  it('axe finds nothing on any page signed out, light and dark, at 1280 and 390 px', { timeout: 900_000 }, async () => {
    const scene = await buildScene(browser);
    const visitor = await browser.newContext();
    const visits = visitsOf('visitor', scene);
    expect(new Set(visits.map((visit) => visit.route))).toEqual(new Set(PAGE_ROUTES));
    expect(await walk(browser, visitor, 'visitor', visits)).toEqual([]);
  });
});
