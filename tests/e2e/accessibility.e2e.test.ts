// The accessibility walk (accessibility-pages.ts): every route, as every kind of person, in four
// looks. One file, so that its project runs it in one worker beside the other browser tests
// (vitest.config.ts, decision 048).
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../shared/lib/page-routes.ts';
import { buildScene, PAGE_VISITS, signInAdmin, visitsOf, walk } from './accessibility-pages.ts';
import { signInByApi, useBrowser } from './kit.ts';

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

describe('accessibility of every page, signed in as a member', () => {
  it(
    'axe finds nothing on any page for a member, light and dark, at 1280 and 390 px',
    { timeout: 900_000 },
    async () => {
      const scene = await buildScene(browser);
      const member = await browser.newContext();
      await signInByApi(member.context.request, scene.member);
      const visits = visitsOf('member', scene);
      expect(new Set(visits.map((visit) => visit.route))).toEqual(new Set(PAGE_ROUTES));
      expect(await walk(browser, member, 'member', visits)).toEqual([]);
    },
  );
});

describe("accessibility of the host's and the administrator's pages", () => {
  it(
    "axe finds nothing on the host's and the administrator's pages, light and dark, at 1280 and 390 px",
    { timeout: 900_000 },
    async () => {
      const scene = await buildScene(browser);
      const host = await browser.newContext();
      await signInByApi(host.context.request, scene.host);
      const admin = await browser.newContext();
      await signInAdmin(admin);
      const found = [
        ...(await walk(browser, host, 'host', visitsOf('host', scene))),
        ...(await walk(browser, admin, 'admin', visitsOf('admin', scene))),
      ];
      expect(found).toEqual([]);
    },
  );
});
