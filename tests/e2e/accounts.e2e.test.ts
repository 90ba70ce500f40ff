import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
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

/** A unique person for one test (usernames: letters, digits, underscores; never a blocked word). */
function newPerson() {
  const id = randomBytes(5).toString('hex');
  return { email: `e2e-${id}@example.com`, username: `e2e_${id}`, password: `long enough ${id}` };
}

// Each browser context stands for its own network address (the test server trusts the loopback
// proxy), so the per-address sign-up and sign-in limits count each test on its own.
let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `198.18.${String(process.pid % 250)}.${String(addressCount)}`;
}

async function openPage(
  path: string,
  options: { width?: number; colorScheme?: 'light' | 'dark'; isMobile?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
  });
  page = await context.newPage();
  problems = watchPage(page);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('banner').waitFor();
  return page;
}

/**
 * Chromium logs every 4xx answer as a console error ('Failed to load resource'). A test that
 * provokes some on purpose takes exactly those lines out; any other problem still fails it.
 */
async function expectHttpErrors(status: number, count = 1) {
  const line = `console error: Failed to load resource: the server responded with a status of ${String(status)}`;
  await expect.poll(() => problems.filter((problem) => problem.startsWith(line)).length).toBe(count);
  // In place: the page keeps adding to this same array.
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.startsWith(line)));
}

/** Signs a person up through the API, as the seed of a test about something else. */
async function seedPerson(person: ReturnType<typeof newPerson>) {
  const response = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
    data: person,
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  // The seed's session cookie is not the browser's business in these tests.
  await context.clearCookies();
}

/** The text of the one alert above the form, exactly. */
async function alertText(): Promise<string> {
  const alert = page.getByRole('main').getByRole('alert');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

describe('sign-up, sign-out and sign-in', () => {
  it('signs up at /signup, shows the avatar menu, logs out, and signs in again through the modal', async () => {
    const person = newPerson();
    await openPage('/signup?next=%2Fui-library');
    await page.getByRole('heading', { name: 'Join Townhall', level: 1 }).waitFor();

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Back where the person was going, signed in.
    await page.waitForURL(`${baseUrl}/ui-library`);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(`@${person.username}`).waitFor();
    await menu.getByText(person.username, { exact: true }).waitFor();

    // The session survives a reload: it lives in the httpOnly cookie, read back from the server.
    await page.keyboard.press('Escape');
    await page.reload();
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText('Signed out').waitFor();
    await banner.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await banner.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    await banner.getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByLabel('Email').fill(person.email);
    await modal.getByLabel('Password', { exact: true }).fill(person.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('Signed in').waitFor();
    await banner.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/ui-library`);

    // /logout signs out and goes home.
    await page.goto(`${baseUrl}/logout`);
    await page.waitForURL(`${baseUrl}/`);
    await banner.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await banner.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('the sidebar shows the profile block, and its Log out works', async () => {
    const person = newPerson();
    await openPage('/signup');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/`);

    const sidebar = page.locator('aside[data-collapsed]');
    await sidebar.getByText(person.email).waitFor();
    await sidebar.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Signed out').waitFor();
    await sidebar.getByText(person.email).waitFor({ state: 'detached' });
  });

  it("shows the server's message for a taken username, whatever its case, and keeps what was typed", async () => {
    const taken = newPerson();
    await openPage('/signup');
    await seedPerson(taken);
    const person = newPerson();

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(taken.username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    expect(await alertText()).toBe('This username is already taken');
    await expectHttpErrors(400);
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    expect(await page.getByLabel('Username').inputValue()).toBe(taken.username.toUpperCase());
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(person.password);
    expect(page.url()).toBe(`${baseUrl}/signup`);
  });

  it("checks a short username before sending, with the server's own words", async () => {
    const person = newPerson();
    await openPage('/signup');
    const signUpRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/accounts/sign-up') signUpRequests.push(request.url());
    });

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    // Straight from typing to the button: the message appearing must not swallow the click.
    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Username must be at least 3 characters', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.getAttribute("name")'))
      .toBe('username');
    expect(signUpRequests).toEqual([]);

    // The same rules run on the server, which answers with exactly these texts.
    const answers = await page.evaluate(
      async (people) => {
        const results: string[] = [];
        for (const body of people) {
          const response = await fetch('/api/accounts/sign-up', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          results.push(
            `${String(response.status)} ${((await response.json()) as { error: { message: string } }).error.message}`,
          );
        }
        return results;
      },
      [
        { ...person, username: 'ab' },
        { ...person, email: 'not-an-email', username: 'ab' },
      ],
    );
    await expectHttpErrors(400, 2);
    expect(answers).toEqual([
      '400 Username must be at least 3 characters',
      '400 Valid email is required. Username must be at least 3 characters',
    ]);
  });

  it("shows the server's message for a wrong password at /login", async () => {
    const person = newPerson();
    await openPage('/login');
    await seedPerson(person);

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();

    expect(await alertText()).toBe('Invalid email or password.');
    await expectHttpErrors(401);
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
  });
});

describe('/signup and /login accessibility', () => {
  it.each([
    ['/signup', 'light', 1280],
    ['/signup', 'dark', 375],
    ['/login', 'light', 375],
    ['/login', 'dark', 1280],
  ] as const)('%s has no serious or critical axe violations (%s, %i px)', async (path, colorScheme, width) => {
    await openPage(path, { colorScheme, width, isMobile: width < 500 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  });

  it('/signup with its messages showing has none either', async () => {
    await openPage('/signup', { colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Valid email is required').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
