import { describe, expect, it } from 'vitest';
import { buildScene, signInAdmin, visitsOf, walk } from './accessibility-pages.ts';
import { signInByApi, useBrowser } from './kit.ts';

const browser = useBrowser();

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
