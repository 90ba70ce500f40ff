import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, newPerson, signInByApi, signUpByApi, useBrowser } from './kit.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('/admin/mail', () => {
  it('asks people who are signed out to sign in, and tells members it is for administrators', async () => {
    const { context, page } = await browser.newContext();
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByText('Sign in to continue').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await page.keyboard.press('Escape');

    await signUpByApi(context.request, newPerson('e2e_member'));
    await page.reload();
    await page.getByText('Only administrators can open this page.').waitFor();
    expect(await page.getByRole('heading', { name: 'E-mail outbox' }).count()).toBe(0);
  });

  it('lets the administrator find an e-mail, read its HTML and text parts, and follow it on a phone', async () => {
    const { context, page } = await browser.newContext();
    const person = newPerson('e2e_outbox');
    await signUpByApi(context.request, person);
    await apiCall(context.request, 'POST', '/api/accounts/password-reset', { email: person.email }, 204);
    await context.clearCookies();
    await signInByApi(context.request, admin);

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
