import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: string[][] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  for (const found of problems.splice(0)) expect(found).toEqual([]);
});

type Person = { email: string; username: string; password: string };

function newPerson(prefix: string): Person {
  const id = randomBytes(5).toString('hex');
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}`, password: `long enough ${id}` };
}

// Each browser context stands for its own network address, so per-address limits count each test alone.
let addressCount = 0;
async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  addressCount += 1;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.30.${String(process.pid % 250)}.${String(addressCount)}` },
  });
  contexts.push(context);
  const page = await context.newPage();
  problems.push(watchPage(page));
  return { context, page };
}

const origin = { Origin: baseUrl };

async function signUp(request: APIRequestContext, person: Person): Promise<string> {
  const response = await request.post(`${baseUrl}/api/accounts/sign-up`, { data: person, headers: origin });
  expect(response.status()).toBe(201);
  const profile = await request.get(`${baseUrl}/api/profiles/${person.username}`);
  return ((await profile.json()) as { profile: { id: string } }).profile.id;
}

type Group = { id: string; slug: string; likeCount: number; subscriberCount: number };

async function createGroup(request: APIRequestContext, name: string, ama = true): Promise<Group> {
  const slug = `e2e-${randomBytes(4).toString('hex')}`;
  const response = await request.post(`${baseUrl}/api/groups`, {
    data: { name, slug, description: 'A group made by a browser test.', ama },
    headers: origin,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { group: Group }).group;
}

async function access(request: APIRequestContext, groupId: string) {
  const response = await request.get(`${baseUrl}/api/groups/${groupId}/access`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { role: string; isSubscribed: boolean; isLiked: boolean };
}

async function groupOf(request: APIRequestContext, slug: string): Promise<Group> {
  const response = await request.get(`${baseUrl}/api/groups/by-slug/${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { group: Group }).group;
}

describe('groups', () => {
  it('a creator opens an AMA group at /create and lands on its page with its tabs', async () => {
    const { context, page } = await newContext();
    const host = newPerson('e2e_host');
    await signUp(context.request, host);
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
    const hostSide = await newContext();
    await signUp(hostSide.context.request, newPerson('e2e_host'));
    const group = await createGroup(hostSide.context.request, 'Gate Test Group');

    const { context, page } = await newContext();
    await page.goto(`${baseUrl}/group/${group.slug}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /Like/ }).click();
    await page.getByRole('dialog', { name: 'Sign in to Townhall' }).waitFor();
    await page.keyboard.press('Escape');

    await signUp(context.request, newPerson('e2e_guest'));
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
    expect(await groupOf(context.request, group.slug)).toMatchObject({ likeCount: 0, subscriberCount: 0 });

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
    expect(await groupOf(context.request, group.slug)).toMatchObject({ likeCount: 1, subscriberCount: 1 });
  });

  it('the role is watched live: a member added by the host, and a subscription made in another tab', async () => {
    const hostSide = await newContext();
    await signUp(hostSide.context.request, newPerson('e2e_host'));
    const group = await createGroup(hostSide.context.request, 'Live Role Group');

    const fanSide = await newContext();
    const fan = newPerson('e2e_fan');
    await signUp(fanSide.context.request, fan);
    const first = fanSide.page;
    await first.goto(`${baseUrl}/group/${group.slug}`);
    await first.getByRole('main').getByRole('button', { name: 'Subscribe', exact: true }).waitFor();

    // Another tab of the same person subscribes: the first tab follows without a reload.
    const second = await fanSide.context.newPage();
    problems.push(watchPage(second));
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
