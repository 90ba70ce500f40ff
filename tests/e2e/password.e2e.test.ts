import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { waitForMail } from './mail-inbox.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
const mailInboxUrl = inject('mailInboxUrl');
let browser: Browser;

/** A browser context (one person's browser, at its own network address) with one watched page. */
type Visitor = { context: BrowserContext; page: Page; problems: string[] };
let visitors: Visitor[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const visitor of visitors) await visitor.context.close();
  const problems = visitors.flatMap((visitor) => visitor.problems);
  visitors = [];
  expect(problems).toEqual([]);
});

/** A unique person for one test. */
function newPerson() {
  const id = randomBytes(5).toString('hex');
  return { email: `e2e-pw-${id}@example.com`, username: `e2e_pw_${id}`, password: `first secret ${id}` };
}
type Person = ReturnType<typeof newPerson>;

// Each context stands for its own network address (the test server trusts the loopback proxy),
// so the per-address limits count each test on its own.
let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `198.20.${String(process.pid % 250)}.${String(addressCount)}`;
}

async function newVisitor(
  options: { width?: number; colorScheme?: 'light' | 'dark'; isMobile?: boolean } = {},
): Promise<Visitor> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
  });
  const page = await context.newPage();
  const visitor = { context, page, problems: watchPage(page) };
  visitors.push(visitor);
  return visitor;
}

async function open(visitor: Visitor, path: string) {
  await visitor.page.goto(`${baseUrl}${path}`);
  await visitor.page.getByRole('banner').waitFor();
}

/**
 * Chromium logs every 4xx answer as a console error ('Failed to load resource'). A test that
 * provokes some on purpose takes exactly those lines out; any other problem still fails it.
 */
async function expectHttpErrors(visitor: Visitor, status: number, count = 1) {
  const line = `console error: Failed to load resource: the server responded with a status of ${String(status)}`;
  await expect.poll(() => visitor.problems.filter((problem) => problem.startsWith(line)).length).toBe(count);
  visitor.problems.splice(
    0,
    visitor.problems.length,
    ...visitor.problems.filter((problem) => !problem.startsWith(line)),
  );
}

/** Signs a person up through the API, as the seed of a test; the visitor stays signed out. */
async function seedPerson(visitor: Visitor, person: Person) {
  const response = await visitor.context.request.post(`${baseUrl}/api/accounts/sign-up`, {
    data: person,
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  await visitor.context.clearCookies();
}

/** Signs in through the API; the session cookie lands in the visitor's browser. */
async function signInByApi(visitor: Visitor, person: { email: string; password: string }) {
  const response = await visitor.context.request.post(`${baseUrl}/api/accounts/sign-in`, {
    data: { email: person.email, password: person.password },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

/** Who the server thinks is signed in in this visitor's browser (its e-mail), or null. */
async function signedInEmail(visitor: Visitor): Promise<string | null> {
  const response = await visitor.context.request.get(`${baseUrl}/api/accounts/session`);
  const body = (await response.json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
}

/** The one alert in the page's main area, exactly. */
async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('main').getByRole('alert');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

/** The reset link of an e-mail, on the address the tests reach the server at. */
function resetLinkIn(text: string): string {
  const match = /https?:\/\/[^\s/]+(\/reset-password\?token=[^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  // The spawned server listens on a port it picked, so PUBLIC_URL (and the link) may name another.
  return `${baseUrl}${match[1]}`;
}

describe('password reset through a real SMTP server', () => {
  it('forgot password → e-mail → new password; every old session ends, the new password works, the link works once', async () => {
    const person = newPerson();
    const elsewhere = await newVisitor();
    await seedPerson(elsewhere, person);
    // Another browser where the person is signed in, with a page open.
    await signInByApi(elsewhere, person);
    await open(elsewhere, '/settings/account');
    await elsewhere.page.getByRole('heading', { name: 'Change password' }).waitFor();

    const visitor = await newVisitor();
    const { page } = visitor;
    await open(visitor, '/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    // The e-mail typed at sign-in came along.
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    expect(await page.getByRole('main').getByRole('status').innerText()).toContain(
      `If ${person.email} belongs to a Townhall account, a link to choose a new password is on its way.`,
    );

    const mail = await waitForMail(mailInboxUrl, person.email, { subject: /^Reset your Townhall password$/ });
    const link = resetLinkIn(mail.text);
    expect(mail.html).toContain('Choose a new password');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    // The client checks first, with the server's words.
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password should be at least 6 characters', { exact: true }).waitFor();

    const newPassword = `second secret ${randomBytes(4).toString('hex')}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed', level: 1 }).waitFor();
    await page.getByText('Every session of your account has ended, on every device').waitFor();

    // The other browser is signed out: its next look at the server finds no session.
    expect(await signedInEmail(elsewhere)).toBeNull();
    // Reloaded, the settings page asks it to sign in again, with the sign-in modal open.
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await elsewhere.page.getByText('Sign in to see your settings').waitFor();

    // Sign in with the new password, from the page's own link.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await signedInEmail(visitor)).toBe(person.email);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third secret');
    await page.getByLabel('Confirm new password').fill('a third secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The server's message, then the way to a new link.
    expect(await alertText(page)).toMatch(
      /^This reset link is invalid or has expired\. Ask for a new one\.\s+Ask for a new link$/,
    );
    await expectHttpErrors(visitor, 400);
    expect(await page.getByRole('main').getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('opens /forgot-password from the sign-in modal, which closes', async () => {
    const visitor = await newVisitor();
    const { page } = visitor;
    await open(visitor, '/ui-library');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByLabel('Email').fill('someone@example.com');
    await modal.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Email').inputValue()).toBe('someone@example.com');
  });

  it('answers an unknown address the same way, and sends nothing', async () => {
    const visitor = await newVisitor();
    const { page } = visitor;
    const nobody = `e2e-nobody-${randomBytes(5).toString('hex')}@example.com`;
    await open(visitor, '/forgot-password');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await expect(waitForMail(mailInboxUrl, nobody, { subject: /./, timeoutMs: 3_000 })).rejects.toThrow();
  });
});

describe('/settings/account', () => {
  it('refuses a wrong current password with the spec message, then changes it and signs the other browser out', async () => {
    const person = newPerson();
    const elsewhere = await newVisitor();
    await seedPerson(elsewhere, person);
    await signInByApi(elsewhere, person);

    const visitor = await newVisitor();
    const { page } = visitor;
    await signInByApi(visitor, person);
    // The sidebar's Settings button opens the settings (their first page, the profile); Account is beside it.
    await open(visitor, '/');
    await page.locator('aside[data-collapsed]').getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL(`${baseUrl}/settings/profile`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${baseUrl}/settings/account`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Confirm new password').fill('brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await alertText(page)).toBe('Current password is incorrect');
    await expectHttpErrors(visitor, 400);
    expect(await signedInEmail(elsewhere)).toBe(person.email);

    await page.getByLabel('Current password').fill(person.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('main')
      .getByText('You were signed out everywhere else; this browser stays signed in.')
      .waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    expect(await signedInEmail(elsewhere)).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await signedInEmail(visitor)).toBe(person.email);

    const signIn = (password: string) =>
      elsewhere.context.request.post(`${baseUrl}/api/accounts/sign-in`, {
        data: { email: person.email, password },
        headers: { Origin: baseUrl },
      });
    expect((await signIn(person.password)).status()).toBe(401);
    expect((await signIn('brand new secret')).status()).toBe(200);
  });
});

describe('/settings/notifications', () => {
  it('saves each switch, and the choices are still there after a reload', async () => {
    const person = newPerson();
    const visitor = await newVisitor();
    const { page } = visitor;
    await seedPerson(visitor, person);
    await signInByApi(visitor, person);
    await open(visitor, '/settings');
    await page.waitForURL(`${baseUrl}/settings/profile`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(`${baseUrl}/settings/notifications`);

    const toggle = async (name: string) => {
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/email-settings') && response.request().method() === 'PATCH',
      );
      await page.getByRole('switch', { name }).click();
      expect((await saved).status()).toBe(200);
    };
    const state = (name: string) => page.getByRole('switch', { name }).getAttribute('aria-checked');

    expect(await state('Weekly digest')).toBe('false');
    expect(await state('New answers')).toBe('true');
    await toggle('Weekly digest');
    await toggle('New answers');

    await page.reload();
    await page.getByRole('switch', { name: 'Weekly digest' }).waitFor();
    expect(await state('Weekly digest')).toBe('true');
    expect(await state('New answers')).toBe('false');
    expect(await state('Product updates')).toBe('false');

    await toggle('Unsubscribe from all e-mail');
    await page.reload();
    await page.getByRole('switch', { name: 'Weekly digest' }).waitFor();
    expect(await state('Unsubscribe from all e-mail')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Weekly digest' }).isDisabled()).toBe(true);
    // Each flag keeps its own value under the master switch.
    expect(await state('Weekly digest')).toBe('true');
  });
});

describe('accessibility of the password and settings pages', () => {
  it.each([
    ['/forgot-password', 'light', 1280],
    ['/forgot-password', 'dark', 375],
    ['/reset-password?token=e2e-not-a-token', 'light', 375],
    ['/reset-password', 'dark', 1280],
    ['/settings/account', 'dark', 375],
    ['/settings/account', 'light', 1280],
    ['/settings/notifications', 'light', 375],
    ['/settings/notifications', 'dark', 1280],
  ] as const)('%s has no serious or critical axe violations (%s, %i px)', async (path, colorScheme, width) => {
    const visitor = await newVisitor({ colorScheme, width, isMobile: width < 500 });
    const { page } = visitor;
    if (path.startsWith('/settings')) {
      const person = newPerson();
      await seedPerson(visitor, person);
      await signInByApi(visitor, person);
    }
    await open(visitor, path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (path === '/settings/notifications') await page.getByRole('switch').first().waitFor();
    if (path === '/settings/account') await page.getByLabel('Current password').waitFor();
    if (path.startsWith('/settings')) {
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
  });

  it('/settings/notifications with the master switch on, and /settings/account with its messages, have none either', async () => {
    const visitor = await newVisitor({ colorScheme: 'dark' });
    const { page } = visitor;
    const person = newPerson();
    await seedPerson(visitor, person);
    await signInByApi(visitor, person);
    await open(visitor, '/settings/account');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Enter your current password').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Unsubscribe from all e-mail' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Weekly digest' }).isDisabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
