import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, createGroup, newPerson, signInByApi, signUpByApi, useBrowser } from './kit.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('administration', () => {
  it('disabling someone signs them out at once, live, and keeps them from signing in; the audit log tells', async () => {
    // Bob has a group page open (its live channel is connected).
    const bobSide = await browser.signedIn('e2e_bob');
    const bob = bobSide.person;
    const { slug } = await createGroup(bobSide.context.request, {
      name: "Bob's Bench",
      slug: `bob-${randomBytes(3).toString('hex')}`,
      ama: true,
    });
    await bobSide.page.goto(`${baseUrl}/group/${slug}`);
    const bobBanner = bobSide.page.getByRole('banner');
    await bobBanner.getByRole('button', { name: 'Account menu' }).waitFor();
    await bobSide.page.getByRole('main').getByRole('heading', { name: "Bob's Bench", level: 1 }).waitFor();

    // The administrator finds Bob and disables him.
    const { context, page } = await browser.newContext();
    await signInByApi(context.request, admin);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
    await page.getByLabel('Search by name, username or e-mail').fill(bob.username);
    await page.getByRole('button', { name: `Disable @${bob.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Disable @${bob.username}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText(`Disabled @${bob.username}`).first().waitFor();
    await page.getByRole('button', { name: `Enable @${bob.username}` }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Bob's page learns it from the live channel: signed out without reloading.
    await bobBanner.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    expect(await bobBanner.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    // Signing in again is refused with the reason.
    await bobBanner.getByRole('button', { name: 'Sign in' }).click();
    const modal = bobSide.page.getByRole('dialog', { name: 'Sign in to Townhall' });
    await modal.getByLabel('Email').fill(bob.email);
    await modal.getByLabel('Password', { exact: true }).fill(bob.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await modal.getByText('This account has been disabled. Contact the administrators.').waitFor();
    // (the refused sign-in's 403 is the point here)
    bobSide.problems.splice(0);

    // The audit log names the administrator and the action.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${baseUrl}/admin/audit-log`);
    const log = page.getByRole('list', { name: 'Audit log' });
    await log.getByText(`Disabled @${bob.username}`, { exact: false }).first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows contact messages, content and page views to the administrator', async () => {
    const visitor = await browser.newContext();
    const topic = `Export question ${randomBytes(3).toString('hex')}`;
    await apiCall(visitor.context.request, 'POST', '/api/contact', {
      name: 'Visiting Vera',
      email: 'vera@example.com',
      topic: 'support',
      message: topic,
    });

    const { context, page } = await browser.newContext();
    await signInByApi(context.request, admin);
    await page.goto(`${baseUrl}/admin/messages`);
    await page.getByRole('heading', { name: 'Contact messages', level: 2 }).waitFor();
    const message = page.getByRole('article', { name: 'Message from Visiting Vera' }).filter({ hasText: topic });
    await message.waitFor();
    await message.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText('Message marked handled').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    for (const [path, heading] of [
      ['/admin/content', 'Groups and content'],
      ['/admin/page-views', 'Page views'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      expect(await seriousAccessibilityViolations(page), path).toEqual([]);
    }
  });

  it('refuses the admin API to people who are not administrators', async () => {
    const { context } = await browser.newContext();
    expect((await context.request.get(`${baseUrl}/api/admin/users`)).status()).toBe(401);
    await signUpByApi(context.request, newPerson('e2e_plain'));
    const refused = await context.request.get(`${baseUrl}/api/admin/users`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Only administrators can open this page.',
    );
  });
});
