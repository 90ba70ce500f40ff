import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { baseUrl, newPerson, signUpByApi, useBrowser } from './kit.ts';

const browser = useBrowser();

/** The page's first h1. */
async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor();
  return (await h1.first().textContent()) ?? '';
}

describe('the pages of the reserved path words', () => {
  it('each page a visitor can open shows its content, titled, without accessibility problems', async () => {
    const { page } = await browser.newContext();
    const pages: [string, string, string | RegExp][] = [
      ['/about', 'About Townhall', 'About · Townhall'],
      ['/blog', 'Blog', 'Blog · Townhall'],
      ['/contact', 'Contact', 'Contact · Townhall'],
      ['/support', 'Support', 'Support · Townhall'],
      ['/privacy-policy', 'Privacy policy', 'Privacy policy · Townhall'],
      ['/terms-of-service', 'Terms of service', 'Terms of service · Townhall'],
      ['/background-gradient', 'Background gradient', 'Background gradient · Townhall'],
      ['/groups', 'Groups', /Groups · Townhall/],
      ['/creator', 'Creators', /Creators · Townhall/],
      ['/events', 'Events', /Events · Townhall/],
    ];
    for (const [path, title, documentTitle] of pages) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await heading(page), path).toBe(title);
      await expect.poll(() => page.title(), { message: path }).toMatch(documentTitle);
      expect(await seriousAccessibilityViolations(page), path).toEqual([]);
    }
    // the words with no page of their own lead somewhere sensible
    for (const [path, landing] of [
      ['/group', '/groups'],
      ['/event', '/events'],
      ['/index', '/'],
      ['/auth', '/login'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}${landing}`);
    }
    const api = await page.request.get(`${baseUrl}/api`, { maxRedirects: 0 });
    expect(api.status()).toBe(302);
    expect(api.headers().location).toBe('/api/docs');
  });

  it('reads a blog post written in Markdown, and the footer links every page', async () => {
    const { page } = await browser.newContext();
    await page.goto(`${baseUrl}/blog`);
    const posts = page.getByRole('list', { name: 'Blog posts' });
    const first = posts.getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('article h2, main h2').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'All posts' }).click();
    await page.waitForURL(`${baseUrl}/blog`);

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const name of ['About', 'Blog', 'Support', 'Contact', 'Privacy policy', 'Terms of service']) {
      await expect.poll(() => footer.getByRole('link', { name, exact: true }).count(), { message: name }).toBe(1);
    }
    await footer.getByRole('link', { name: 'Privacy policy', exact: true }).click();
    await page.waitForURL(`${baseUrl}/privacy-policy`);
    expect(await heading(page)).toBe('Privacy policy');
  });

  it('sends a message through /contact, on a phone', async () => {
    const { page } = await browser.newContext({ width: 390, height: 844, isMobile: true });
    await page.goto(`${baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Contact the administrators' });
    await form.getByLabel('Your name').fill('Visiting Vera');
    await form.getByLabel('Email address').fill('vera@example.com');
    await form.getByLabel('Message').fill('Is there a way to export my questions?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thanks — your message reached the administrators.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('/logout signs out and goes home', async () => {
    const { context, page } = await browser.newContext();
    const person = newPerson('logout');
    await signUpByApi(context.request, person);
    await page.goto(`${baseUrl}/logout`);
    await page.waitForURL(`${baseUrl}/`);
    const session = await context.request.get(`${baseUrl}/api/accounts/session`);
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  });
});
