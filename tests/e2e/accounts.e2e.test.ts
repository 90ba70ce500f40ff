import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import {
  alertText,
  baseUrl,
  expectHttpErrors,
  newPerson,
  signUpByApi,
  useBrowser,
  visit,
  type ContextOptions,
  type Person,
} from './kit.ts';

const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];

/** Opens `path` in a new context (a browser at its own address): `context`, `page` and `problems` are its. */
async function openPage(path: string, options: ContextOptions = {}) {
  ({ context, page, problems } = await browser.newContext(options));
  await visit(page, path);
}

/** Signs a person up through the API, as the seed of a test about something else. */
async function seedPerson(person: Person) {
  await signUpByApi(context.request, person);
  // The seed's session cookie is not the browser's business in these tests.
  await context.clearCookies();
}

describe('sign-up, sign-out and sign-in', () => {
  it('signs up at /signup, shows the avatar menu, logs out, and signs in again through the modal', async () => {
    const person = newPerson('e2e');
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
    const person = newPerson('e2e');
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
    const taken = newPerson('e2e');
    await openPage('/signup');
    await seedPerson(taken);
    const person = newPerson('e2e');

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(taken.username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    expect(await alertText(page)).toBe('This username is already taken');
    await expectHttpErrors(problems, 400);
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    expect(await page.getByLabel('Username').inputValue()).toBe(taken.username.toUpperCase());
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(person.password);
    expect(page.url()).toBe(`${baseUrl}/signup`);
  });

  it("checks a short username before sending, with the server's own words", async () => {
    const person = newPerson('e2e');
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
    await expectHttpErrors(problems, 400, 2);
    expect(answers).toEqual([
      '400 Username must be at least 3 characters',
      '400 Valid email is required. Username must be at least 3 characters',
    ]);
  });

  it("shows the server's message for a wrong password at /login", async () => {
    const person = newPerson('e2e');
    await openPage('/login');
    await seedPerson(person);

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();

    expect(await alertText(page)).toBe('Invalid email or password.');
    await expectHttpErrors(problems, 401);
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
    await openPage(path, { colorScheme, width, isMobile: width < 500, hasTouch: width < 500 });
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
