import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { baseUrl, useBrowser, type ContextOptions } from './kit.ts';

const browser = useBrowser();
let page: Page;

/** Opens `path` in a new context (a browser at its own address), as `page`; phones have touch. */
async function openPage(path: string, options: ContextOptions = {}) {
  ({ page } = await browser.newContext({ ...options, hasTouch: options.isMobile ?? false }));
  await page.goto(`${baseUrl}${path}`);
  // the app's top bar, not the static shell's (which has a banner too, with no buttons): a key
  // pressed before the app runs would reach nothing
  await page.getByRole('banner').getByRole('button').first().waitFor();
}

describe('/ui-library accessibility', () => {
  it.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 375],
    ['dark', 375],
  ] as const)('has no serious or critical axe violations (%s, %i px)', async (colorScheme, width) => {
    await openPage('/ui-library', { colorScheme, width, isMobile: width < 500 });
    await page.getByRole('heading', { name: 'UI library', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('the shell on the home page has none either', async () => {
    await openPage('/');
    await page.getByRole('status').filter({ hasText: 'API: ok' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('fits a 375 px wide phone without sideways scrolling', async () => {
    await openPage('/ui-library', { width: 375, isMobile: true });
    await page.getByRole('heading', { name: 'UI library', level: 1 }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  });
});

describe('the shell', () => {
  it.each([
    [900, 224],
    [1100, 256],
    [1440, 288],
  ])('at %i px the sidebar is %i px wide (56, 64, 72 units)', async (width, expected) => {
    await openPage('/ui-library', { width });
    expect((await page.locator('aside[data-collapsed]').boundingBox())?.width).toBe(expected);
  });

  it('Ctrl+B collapses the sidebar to 16 units, the state survives a reload, and Ctrl+B opens it again', async () => {
    await openPage('/ui-library');
    const sidebar = page.locator('aside[data-collapsed]');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    await page.keyboard.press('Control+b');
    await page.locator('aside[data-collapsed="true"]').waitFor();
    // Polled from the test, not page.waitForFunction: a string predicate is eval in the page, which the CSP refuses.
    await expect
      .poll(() =>
        page.evaluate<number>('document.querySelector("aside[data-collapsed]").getBoundingClientRect().width'),
      )
      .toBe(64);
    await page.reload();
    await page.locator('aside[data-collapsed="true"]').waitFor();
    await page.keyboard.press('Control+b');
    await page.locator('aside[data-collapsed="false"]').waitFor();
  });

  it('on a phone the menu button opens the navigation as a sheet, and a link closes it', async () => {
    await openPage('/ui-library', { width: 375, isMobile: true });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await sheet.waitFor();
    await sheet.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await sheet.waitFor({ state: 'hidden' });
  });

  it('the sign-in modal opens from any page, keeps focus inside and closes with Escape', async () => {
    await openPage('/ui-library');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('the home page has no sign-in modal: Sign in goes to /login', async () => {
    await openPage('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the theme toggle switches to dark and the choice survives a reload', async () => {
    await openPage('/ui-library');
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate<boolean>('document.documentElement.classList.contains("dark")')).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await page.evaluate<boolean>('document.documentElement.classList.contains("dark")')).toBe(true);
  });

  it('Ctrl+K opens the quick switcher, which goes to a page', async () => {
    await openPage('/');
    await page.keyboard.press('Control+k');
    const switcher = page.getByRole('dialog', { name: 'Quick switcher' });
    await switcher.getByRole('combobox').waitFor();
    await page.keyboard.type('ui lib');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/ui-library`);
    await switcher.waitFor({ state: 'hidden' });
  });

  it('records page views with the first-party beacon', async () => {
    ({ page } = await browser.newContext({ height: 720 }));
    const beacons: number[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (new URL(request.url()).pathname === '/api/analytics/page-views' && request.method() === 'POST') {
        beacons.push(response.status());
      }
    });
    await page.goto(`${baseUrl}/`);
    // the beacon leaves once the app has rendered the page, which on a busy machine can take more than a second
    await expect.poll(() => beacons, { timeout: 10_000 }).toEqual([204]);
    await page.getByRole('link', { name: 'UI library' }).first().click();
    await page.waitForURL(`${baseUrl}/ui-library`);
    await expect.poll(() => beacons, { timeout: 10_000 }).toEqual([204, 204]);
  });
});

describe('/ui-library widgets', () => {
  it('lightbox: counter, arrow keys, zoom keys, zoom reset on image change, Escape', async () => {
    await openPage('/ui-library');
    await page.getByRole('button', { name: 'Open image 1' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    await viewer.getByText('1 / 4').waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('2 / 4').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText('4 / 4').waitFor();
    await page.keyboard.press('+');
    await viewer.getByText('120%').waitFor();
    await page.keyboard.press('=');
    await viewer.getByText('144%').waitFor();
    await page.keyboard.press('-');
    await viewer.getByText('120%').waitFor();
    await page.keyboard.press('0');
    await viewer.getByText('100%').waitFor();
    await page.keyboard.press('+');
    await viewer.getByText('120%').waitFor();
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('1 / 4').waitFor();
    await viewer.getByText('100%').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
  });

  it('confirm dialog: busy while the action runs, closes on success', async () => {
    await openPage('/ui-library');
    await page.getByRole('button', { name: 'Delete item' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.locator('button[aria-busy="true"]').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Item deleted').waitFor();
  });

  it('confirm dialog: stays open when the action fails', async () => {
    await openPage('/ui-library');
    await page.getByRole('button', { name: 'Delete and fail' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.locator('button[aria-busy="true"]').waitFor();
    await dialog.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('combobox: filters by label or description and says when nothing matches', async () => {
    await openPage('/ui-library');
    await page.getByRole('combobox', { name: 'Favourite fruit' }).click();
    const search = page.getByPlaceholder('Search options...');
    await search.fill('berr');
    const options = page.getByRole('option');
    await page.getByRole('option', { name: /Blueberry/ }).waitFor();
    const names = await options.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /berr/i.test(name))).toBe(true);
    await search.fill('zzzz');
    await page.getByText('No options found').waitFor();
    expect(await options.count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('toasts: five fired, at most three visible', async () => {
    await openPage('/ui-library');
    await page.getByRole('button', { name: 'Fire 5 toasts' }).click();
    await page.locator('[data-sonner-toast]').nth(4).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(5);
    expect(await page.locator('[data-sonner-toast][data-visible="true"]').count()).toBe(3);
  });
});
