import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(problems).toEqual([]);
});

let addressCount = 0;
async function newContext(width = 1280) {
  addressCount += 1;
  context = await browser.newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.19.${String(process.pid % 250)}.${String(addressCount)}` },
  });
  page = await context.newPage();
  problems = watchPage(page);
}

/** Signs in through the API; the cookie lands in the browser context. */
async function signIn(person: { email: string; password: string }) {
  const response = await context.request.post(`${baseUrl}/api/accounts/sign-in`, {
    data: { email: person.email, password: person.password },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

async function requestReset(email: string) {
  const response = await context.request.post(`${baseUrl}/api/accounts/password-reset`, {
    data: { email },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(204);
}

describe('/admin/mail', () => {
  it('asks people who are signed out to sign in, and tells members it is for administrators', async () => {
    await newContext();
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByText('Sign in to continue').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await page.keyboard.press('Escape');

    const id = randomBytes(5).toString('hex');
    const member = { email: `e2e-member-${id}@example.com`, username: `e2e_member_${id}`, password: `secret ${id}` };
    const signUp = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
      data: member,
      headers: { Origin: baseUrl },
    });
    expect(signUp.status()).toBe(201);
    await page.reload();
    await page.getByText('Only administrators can open this page.').waitFor();
    expect(await page.getByRole('heading', { name: 'E-mail outbox' }).count()).toBe(0);
  });

  it('lets the administrator find an e-mail, read its HTML and text parts, and follow it on a phone', async () => {
    await newContext();
    const id = randomBytes(5).toString('hex');
    const person = { email: `e2e-outbox-${id}@example.com`, username: `e2e_outbox_${id}`, password: `secret ${id}` };
    expect(
      (
        await context.request.post(`${baseUrl}/api/accounts/sign-up`, { data: person, headers: { Origin: baseUrl } })
      ).status(),
    ).toBe(201);
    await requestReset(person.email);
    await context.clearCookies();
    await signIn(admin);

    await page.goto(`${baseUrl}/admin/mail`);
    await page.getByRole('heading', { name: 'E-mail outbox', level: 2 }).waitFor();
    await page.getByLabel('Search by address or subject').fill(person.email);
    const item = page.getByRole('button', { name: /Reset your Townhall password/ });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.innerText()).toContain(person.email);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await item.click();
    await page.waitForURL(/\/admin\/mail\?message=[0-9a-f-]+$/);
    const article = page.getByRole('article');
    await article.getByRole('heading', { name: 'Reset your Townhall password' }).waitFor();
    const html = page.frameLocator('iframe[title^="HTML part"]');
    await html.getByRole('link', { name: 'Choose a new password' }).waitFor();
    await article.getByRole('tab', { name: 'Plain text' }).click();
    expect(await article.locator('pre').innerText()).toMatch(/https?:\/\/[^/\s]+\/reset-password\?token=\S+/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The address names the open e-mail: it survives a reload and opens alone on a phone.
    const url = page.url();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Reset your Townhall password' }).waitFor();
    expect(await page.getByLabel('Search by address or subject').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Back to the outbox' }).click();
    await page.getByLabel('Search by address or subject').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  });
});
