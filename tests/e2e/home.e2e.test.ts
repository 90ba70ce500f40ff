import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiCall, newPerson, signUpByApi } from './kit.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the built app in Chromium', () => {
  it('loads the home page, and the client reaches /api/health', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);
    const healthResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
    await page.goto(baseUrl);
    expect((await healthResponse).status()).toBe(200);
    await page.getByRole('heading', { name: 'Townhall', level: 1 }).waitFor();
    const status = page.getByRole('status');
    await status.filter({ hasText: 'API: ok' }).waitFor();
    expect(await page.title()).toMatch(/Townhall/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves the client for deep links and a not-found page for unknown ones', async () => {
    const page = await browser.newPage();
    // The server knows the client's pages: an unknown path is the app's not-found page, status 404.
    const response = await page.goto(`${baseUrl}/some/unknown/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Townhall', level: 1 }).waitFor();
    await page.close();
  });

  it('works on a 375 px wide phone, with a long session title in its lists', async () => {
    // A session whose title is wider than the phone, in the home page's and the events page's lists.
    const creator = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.91' } });
    await signUpByApi(creator.request, newPerson('e2e_phone'));
    const { group } = await apiCall<{ group: { id: string } }>(creator.request, 'POST', '/api/groups', {
      name: 'Phone Layouts',
      slug: `phone-layouts-${Date.now().toString(36)}`,
      description: 'Cards that fit the screen.',
      ama: true,
    });
    const title = 'A session title long enough to be wider than any phone held upright';
    await apiCall(creator.request, 'POST', `/api/groups/${group.id}/sessions`, {
      title,
      startsAt: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await creator.close();

    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
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
    await context.close();
  });
});
