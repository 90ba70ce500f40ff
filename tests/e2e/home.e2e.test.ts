import { describe, expect, it } from 'vitest';
import { baseUrl, createGroup, scheduleSession, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('the built app in Chromium', () => {
  it('loads the home page, and the client reaches /api/health', async () => {
    const { page, problems } = await browser.newContext({ height: 720 });
    const healthResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
    await page.goto(baseUrl);
    expect((await healthResponse).status()).toBe(200);
    await page.getByRole('heading', { name: 'Townhall', level: 1 }).waitFor();
    const status = page.getByRole('status');
    await status.filter({ hasText: 'API: ok' }).waitFor();
    expect(await page.title()).toMatch(/Townhall/);
    expect(problems).toEqual([]);
  });

  it('serves the client for deep links and a not-found page for unknown ones', async () => {
    // (unwatched: the 404 of the page itself is a console error)
    const { page } = await browser.unwatchedContext({ height: 720 });
    // The server knows the client's pages: an unknown path is the app's not-found page, status 404.
    const response = await page.goto(`${baseUrl}/some/unknown/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Townhall', level: 1 }).waitFor();
  });

  it('works on a 375 px wide phone, with a long session title in its lists', async () => {
    // A session whose title is wider than the phone, in the home page's and the events page's lists.
    const creator = await browser.signedIn('e2e_phone');
    const group = await createGroup(creator.context.request, {
      name: 'Phone Layouts',
      slug: `phone-layouts-${Date.now().toString(36)}`,
      description: 'Cards that fit the screen.',
      ama: true,
    });
    const title = 'A session title long enough to be wider than any phone held upright';
    await scheduleSession(creator.context.request, group.id, {
      title,
      startsAt: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await creator.context.close();

    const { page } = await browser.unwatchedContext({ width: 375, height: 740, isMobile: true, hasTouch: true });
    for (const path of ['/', '/events']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('link', { name: title }).first().waitFor();
      // On a phone the browser widens the page to fit what overflows (and window.innerWidth with
      // it), so the page is measured against the screen's width, clientWidth.
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await page.evaluate<number>('document.documentElement.clientWidth')).toBe(375);
    }
  });
});
