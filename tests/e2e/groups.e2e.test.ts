import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, createGroup, groupBySlug, newPerson, signUpByApi, useBrowser } from './kit.ts';

const browser = useBrowser();

/** A host's context with an AMA group of theirs. */
async function hostWithGroup(name: string) {
  const hostSide = await browser.signedIn('e2e_host');
  const group = await createGroup(hostSide.context.request, {
    name,
    description: 'A group made by a browser test.',
    ama: true,
  });
  return { hostSide, group };
}

async function access(request: APIRequestContext, groupId: string) {
  return apiCall<{ role: string; isSubscribed: boolean; isLiked: boolean }>(
    request,
    'GET',
    `/api/groups/${groupId}/access`,
    undefined,
    200,
  );
}

describe('groups', () => {
  it('a creator opens an AMA group at /create and lands on its page with its tabs', async () => {
    const { page, person: host } = await browser.signedIn('e2e_host');
    const slug = `e2e-ama-${randomBytes(3).toString('hex')}`;

    await page.goto(`${baseUrl}/create`);
    await page.getByLabel('Name', { exact: true }).fill('Ask the Baker');
    await page.getByLabel('Slug').fill('Admin');
    await page.getByText('This slug is not available').waitFor();
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Description').fill('Bread questions, answered live.');
    await page.getByRole('switch', { name: /AMA/ }).click();
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(`${baseUrl}/group/${slug}`);

    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Ask the Baker' }).waitFor();
    for (const tab of ['Posts', 'Questions', 'Members', 'Subscribers']) {
      await main.getByRole('tab', { name: tab }).waitFor();
    }
    // the host does not subscribe to their own group
    expect(await main.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // it is listed on the host's profile
    await page.goto(`${baseUrl}/${host.username}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Ask the Baker/ })
      .waitFor();
  });

  it('the gate: signed out opens sign-in; a guest cancels (nothing happens), then Subscribe & Like does both', async () => {
    const { group } = await hostWithGroup('Gate Test Group');

    const { context, page } = await browser.newContext();
    await page.goto(`${baseUrl}/group/${group.slug}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /Like/ }).click();
    await page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await page.keyboard.press('Escape');

    await signUpByApi(context.request, newPerson('e2e_guest'));
    await page.reload();
    await main.getByRole('button', { name: 'Subscribe', exact: true }).waitFor();

    // Cancel leaves nothing behind.
    await main.getByRole('button', { name: /Like/ }).click();
    const gate = page.getByRole('dialog', { name: 'Subscribe to like' });
    await gate.waitFor();
    await gate.getByText('Subscribing to this creator is required to engage', { exact: false }).waitFor();
    await gate.getByRole('button', { name: 'Cancel' }).click();
    await gate.waitFor({ state: 'detached' });
    expect(await access(context.request, group.id)).toMatchObject({
      role: 'guest',
      isSubscribed: false,
      isLiked: false,
    });
    expect(await groupBySlug(context.request, group.slug)).toMatchObject({ likeCount: 0, subscriberCount: 0 });

    // Subscribe & Like subscribes, likes, and closes.
    await main.getByRole('button', { name: /Like/ }).click();
    await gate.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await gate.getByRole('button', { name: 'Subscribe & Like' }).click();
    await gate.waitFor({ state: 'detached' });
    await main.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await expect
      .poll(async () => access(context.request, group.id))
      .toMatchObject({ role: 'subscriber', isSubscribed: true, isLiked: true });
    expect(await groupBySlug(context.request, group.slug)).toMatchObject({ likeCount: 1, subscriberCount: 1 });
  });

  it('the role is watched live: a member added by the host, and a subscription made in another tab', async () => {
    const { hostSide, group } = await hostWithGroup('Live Role Group');

    const fanSide = await browser.signedIn('e2e_fan');
    const fan = fanSide.person;
    const first = fanSide.page;
    await first.goto(`${baseUrl}/group/${group.slug}`);
    await first.getByRole('main').getByRole('button', { name: 'Subscribe', exact: true }).waitFor();

    // Another tab of the same person subscribes: the first tab follows without a reload.
    const second = await fanSide.context.newPage();
    browser.watch(second);
    await second.goto(`${baseUrl}/group/${group.slug}`);
    await second.getByRole('main').getByRole('button', { name: 'Subscribe', exact: true }).click();
    await second.getByText('Subscribed successfully!').waitFor();
    await first.getByRole('main').getByRole('button', { name: 'Unsubscribe' }).waitFor();

    // The host (another browser) adds the fan as a member: the fan's page shows it live.
    const host = hostSide.page;
    await host.goto(`${baseUrl}/group/${group.slug}`);
    await host.getByRole('main').getByRole('tab', { name: 'Members' }).click();
    await host.getByLabel('Add a member by username').fill(fan.username);
    await host.getByRole('button', { name: 'Add member' }).click();
    await host.getByRole('main').getByRole('link', { name: fan.username }).waitFor();
    await first.getByRole('main').getByText('Member', { exact: true }).waitFor();
    expect(await access(fanSide.context.request, group.id)).toMatchObject({ role: 'member' });
  });
});
