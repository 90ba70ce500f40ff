import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../shared/lib/page-routes.ts';
import { buildScene, visitsOf, walk } from './accessibility-pages.ts';
import { signInByApi, useBrowser } from './kit.ts';

const browser = useBrowser();

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
