/**
 * What a browser shows from the HTML alone, before the app's JavaScript runs: the static shell
 * with a shared page's title and text, in the saved theme, with nothing for axe to fault.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { apiCall, baseUrl, newPerson, signUpByApi } from './kit.ts';

let browser: Browser;
let slug: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.77' } });
  await signUpByApi(context.request, newPerson('paint'));
  slug = `first-paint-${Date.now().toString(36)}`;
  await apiCall(context.request, 'POST', '/api/groups', {
    name: 'Paint <b>&</b> Print',
    slug,
    description: 'Letterpress and screen printing, asked and answered.',
  });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('before the app runs', () => {
  it.each(['light', 'dark'] as const)('a shared group page shows the shell and the group (%s theme)', async (theme) => {
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'X-Forwarded-For': theme === 'light' ? '198.51.100.78' : '198.51.100.79' },
    });
    const page = await context.newPage();
    // Only boot.js (the theme) runs: the app's modules never arrive, as on a slow first load.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/group/${slug}`);

    await expect
      .poll(() => page.evaluate<boolean>("document.documentElement.classList.contains('dark')"))
      .toBe(theme === 'dark');
    expect(await page.getByRole('banner').getByText('Townhall').isVisible()).toBe(true);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe('Paint <b>&</b> Print');
    expect(await page.getByRole('main').textContent()).toContain('Letterpress and screen printing');
    // the page's colours are the theme's (zinc-950 in the dark, white in the light)
    const background = await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');
    expect(background).toBe(theme === 'dark' ? 'oklch(0.141 0.005 285.823)' : 'rgb(255, 255, 255)');
    // the one control is the logo's link home, which works without the app
    const focusable = await page.locator('#root a, #root button, #root input, #root [tabindex]').count();
    expect(focusable).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
