import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { mailsTo, waitForMail } from './mail-inbox.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
const inboxUrl = inject('mailInboxUrl');
const googlePerson = inject('googlePerson');
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
async function openPage(path: string): Promise<Page> {
  addressCount += 1;
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.18.${String((process.pid + 7) % 250)}.${String(addressCount)}` },
  });
  page = await context.newPage();
  problems = watchPage(page);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('banner').waitFor();
  return page;
}

describe('Continue with Google', () => {
  it('signs a new person up through the provider, back into the app signed in, and e-mails the welcome', async () => {
    await openPage('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The provider's own sign-in page (its address, not ours).
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(baseUrl);
    await page.getByLabel('Account').fill(googlePerson.sub);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back home, signed in; the welcome mark is taken off the address once the call is sent.
    await page.waitForURL(`${baseUrl}/`);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText('@gracehopper').waitFor();

    const mail = await waitForMail(inboxUrl, googlePerson.email, { subject: /^Welcome to Townhall$/ });
    expect(mail.text).toContain('Hi Grace Hopper, your Townhall account is ready.');
    expect(mail.text).toContain('Your username is @gracehopper.');

    // Signing in again, from the sign-in modal, is a sign-in: back on the page, no welcome mark, no second e-mail.
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.goto(`${baseUrl}/ui-library`);
    await banner.getByRole('button', { name: 'Sign in' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Account').fill(googlePerson.sub);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl}/ui-library`);
    await banner.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await mailsTo(inboxUrl, googlePerson.email)).toHaveLength(1);
  });

  it('is offered on /signup, and /login shows why a Google sign-in failed', async () => {
    await openPage('/signup');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();

    await page.goto(`${baseUrl}/login?error=account_not_linked`);
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(
      'This email already has a Townhall account, and Google has not verified that the address is yours, so the two were not linked. Sign in with your password instead.',
    );
  });
});
