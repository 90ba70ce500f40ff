import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
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

  it('works on a 375 px wide phone', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole('status').filter({ hasText: 'API: ok' }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
