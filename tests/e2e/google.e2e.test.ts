import { describe, expect, inject, it } from 'vitest';
import { alertText, baseUrl, useBrowser, visit } from './kit.ts';
import { mailsTo, waitForMail } from './mail-inbox.ts';

const browser = useBrowser();
const inboxUrl = inject('mailInboxUrl');
const googlePerson = inject('googlePerson');

describe('Continue with Google', () => {
  it('signs a new person up through the provider, back into the app signed in, and e-mails the welcome', async () => {
    const { page } = await browser.newContext();
    await visit(page, '/login');
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
    const { page } = await browser.newContext();
    await visit(page, '/signup');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();

    await page.goto(`${baseUrl}/login?error=account_not_linked`);
    expect(await alertText(page)).toBe(
      'This email already has a Townhall account, and Google has not verified that the address is yours, so the two were not linked. Sign in with your password instead.',
    );
  });
});
