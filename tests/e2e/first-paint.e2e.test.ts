/**
 * What a browser shows from the HTML alone, before the app's JavaScript runs: the static shell
 * with a shared page's title and text, in the saved theme, with nothing for axe to fault.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { baseUrl, createGroup, useBrowser } from './kit.ts';

// The pages here go unwatched: the app's modules are kept from loading, or its data held back, on purpose.
const browser = useBrowser();
let slug: string;

beforeAll(async () => {
  const { context } = await browser.signedIn('paint');
  slug = `first-paint-${Date.now().toString(36)}`;
  await createGroup(context.request, {
    name: 'Paint <b>&</b> Print',
    slug,
    description: 'Letterpress and screen printing, asked and answered.',
  });
  await context.close();
});

describe('before the app runs', () => {
  it.each(['light', 'dark'] as const)('a shared group page shows the shell and the group (%s theme)', async (theme) => {
    const { page } = await browser.unwatchedContext({ colorScheme: theme });
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
  });
});

describe('when the app runs', () => {
  it('keeps the shared page’s text on screen until the app shows the page, then leaves one app', async () => {
    const { page } = await browser.unwatchedContext({ width: 412, height: 823, isMobile: true });
    // Whenever the document changes: is the page's heading on screen (the server's or the app's)?
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => {
        const heading = [...document.querySelectorAll('main h1')].find(
          (element) => (element as HTMLElement).offsetParent !== null,
        );
        seen.push(heading?.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    // The group's data comes late, as on a slow phone network: the app has no heading meanwhile.
    let releaseGroup = () => {};
    const groupHeld = new Promise<void>((resolve) => (releaseGroup = resolve));
    await page.route(/\/api\/group-slugs\//, async (route) => {
      await groupHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/group/${slug}`);
    await page.waitForLoadState('load');
    // the app is running (its modules loaded) and waits for the group; the server's text stays
    await expect.poll(() => page.evaluate<number>('document.querySelectorAll("body > [hidden]").length')).toBe(1);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe('Paint <b>&</b> Print');
    expect(await page.getByRole('main').textContent()).toContain('Letterpress and screen printing');

    releaseGroup();
    await page.getByRole('tab', { name: /posts/i }).waitFor();
    expect(await heading.textContent()).toBe('Paint <b>&</b> Print');
    expect(await page.locator('#root').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.evaluate<number>('document.querySelectorAll("body > [hidden]").length')).toBe(0);
    expect(await page.locator('main > article').count()).toBe(0);
    // at no moment between the first paint and the app's page was the heading gone
    const seen = await page.evaluate<string[]>('window.headingsSeen');
    const firstShown = seen.indexOf('Paint <b>&</b> Print');
    expect(firstShown).toBeGreaterThanOrEqual(0);
    expect(seen.slice(firstShown).filter((text) => text !== 'Paint <b>&</b> Print')).toEqual([]);
  });
});
