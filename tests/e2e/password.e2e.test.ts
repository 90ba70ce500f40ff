import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import {
  alertText,
  apiCall,
  baseUrl,
  expectHttpErrors,
  newPerson,
  signInByApi,
  signUpByApi,
  useBrowser,
  visit,
  type Person,
  type Visitor,
} from './kit.ts';
import { waitForMail } from './mail-inbox.ts';

const browser = useBrowser();
const mailInboxUrl = inject('mailInboxUrl');

/** Signs a person up through the API, as the seed of a test; the visitor stays signed out. */
async function seedPerson(visitor: Visitor, person: Person) {
  await signUpByApi(visitor.context.request, person);
  await visitor.context.clearCookies();
}

/** Who the server thinks is signed in in this visitor's browser (its e-mail), or null. */
async function signedInEmail(visitor: Visitor): Promise<string | null> {
  const response = await visitor.context.request.get(`${baseUrl}/api/accounts/session`);
  const body = (await response.json()) as { user: { email: string } | null };
  return body.user?.email ?? null;
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
    const person = newPerson('e2e_pw');
    const elsewhere = await browser.newContext();
    await seedPerson(elsewhere, person);
    // Another browser where the person is signed in, with a page open.
    await signInByApi(elsewhere.context.request, person);
    await visit(elsewhere.page, '/settings/account');
    await elsewhere.page.getByRole('heading', { name: 'Change password' }).waitFor();

    const visitor = await browser.newContext();
    const { page } = visitor;
    await visit(page, '/login');
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
    await expectHttpErrors(visitor.problems, 400);
    expect(await page.getByRole('main').getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('opens /forgot-password from the sign-in modal, which closes', async () => {
    const visitor = await browser.newContext();
    const { page } = visitor;
    await visit(page, '/ui-library');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByLabel('Email').fill('someone@example.com');
    await modal.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Email').inputValue()).toBe('someone@example.com');
  });

  it('answers an unknown address the same way, and sends nothing', async () => {
    const visitor = await browser.newContext();
    const { page } = visitor;
    const nobody = `e2e-nobody-${randomBytes(5).toString('hex')}@example.com`;
    await visit(page, '/forgot-password');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    await expect(waitForMail(mailInboxUrl, nobody, { subject: /./, timeoutMs: 3_000 })).rejects.toThrow();
  });
});

describe('/settings/account', () => {
  it('refuses a wrong current password with the spec message, then changes it and signs the other browser out', async () => {
    const person = newPerson('e2e_pw');
    const elsewhere = await browser.newContext();
    await seedPerson(elsewhere, person);
    await signInByApi(elsewhere.context.request, person);

    const visitor = await browser.newContext();
    const { page } = visitor;
    await signInByApi(visitor.context.request, person);
    // The sidebar's Settings button opens the settings (their first page, the profile); Account is beside it.
    await visit(page, '/');
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
    await expectHttpErrors(visitor.problems, 400);
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

    const signIn = (password: string, status: number) =>
      apiCall(elsewhere.context.request, 'POST', '/api/accounts/sign-in', { email: person.email, password }, status);
    await signIn(person.password, 401);
    await signIn('brand new secret', 200);
  });
});

describe('/settings/notifications', () => {
  it('saves each switch, and the choices are still there after a reload', async () => {
    const person = newPerson('e2e_pw');
    const visitor = await browser.newContext();
    const { page } = visitor;
    await seedPerson(visitor, person);
    await signInByApi(visitor.context.request, person);
    await visit(page, '/settings');
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
    const visitor = await browser.newContext({ colorScheme, width, isMobile: width < 500, hasTouch: width < 500 });
    const { page } = visitor;
    if (path.startsWith('/settings')) {
      const person = newPerson('e2e_pw');
      await seedPerson(visitor, person);
      await signInByApi(visitor.context.request, person);
    }
    await visit(page, path);
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
    const visitor = await browser.newContext({ colorScheme: 'dark' });
    const { page } = visitor;
    const person = newPerson('e2e_pw');
    await seedPerson(visitor, person);
    await signInByApi(visitor.context.request, person);
    await visit(page, '/settings/account');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Enter your current password').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Unsubscribe from all e-mail' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Weekly digest' }).isDisabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
