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
async function newContext(options: { width?: number; isMobile?: boolean } = {}) {
  addressCount += 1;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.40.${String(process.pid % 250)}.${String(addressCount)}` },
  });
  contexts.push(context);
  const page = await context.newPage();
  problems.push(watchPage(page));
  return { context, page };
}

const origin = { Origin: baseUrl };

async function signUp(request: APIRequestContext, person: Person) {
  const response = await request.post(`${baseUrl}/api/accounts/sign-up`, { data: person, headers: origin });
  expect(response.status()).toBe(201);
}

async function createAmaGroup(request: APIRequestContext): Promise<{ id: string; slug: string }> {
  const slug = `e2e-qa-${randomBytes(4).toString('hex')}`;
  const response = await request.post(`${baseUrl}/api/groups`, {
    data: { name: 'Live Q&A Test', slug, description: 'Questions answered live.', ama: true },
    headers: origin,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { group: { id: string; slug: string } }).group;
}

async function subscribe(request: APIRequestContext, groupId: string) {
  const response = await request.put(`${baseUrl}/api/groups/${groupId}/subscription`, { headers: origin });
  expect(response.status()).toBe(200);
}

describe('the live question queue', () => {
  it('a subscriber asks; the host sees it live, pins and answers it; the subscriber sees both without reloading', async () => {
    const hostSide = await newContext();
    const host = newPerson('e2e_host');
    await signUp(hostSide.context.request, host);
    const group = await createAmaGroup(hostSide.context.request);

    // the subscriber is on a phone
    const fanSide = await newContext({ width: 390, isMobile: true });
    const fan = newPerson('e2e_fan');
    await signUp(fanSide.context.request, fan);
    await subscribe(fanSide.context.request, group.id);

    const hostPage: Page = hostSide.page;
    await hostPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    await hostPage.getByRole('main').getByRole('textbox', { name: 'Ask a question' }).waitFor();

    const fanPage: Page = fanSide.page;
    await fanPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const text = `How long should sourdough proof overnight? ${randomBytes(2).toString('hex')}`;
    await fanPage.getByRole('main').getByRole('textbox', { name: 'Ask a question' }).fill(text);
    await fanPage.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
    await fanPage
      .getByRole('article', { name: `Question by ${fan.username}` })
      .getByText(text)
      .waitFor();

    // The host's page shows it without a reload.
    const hostQuestion = hostPage.getByRole('article', { name: `Question by ${fan.username}` });
    await hostQuestion.getByText(text).waitFor();
    expect(await seriousAccessibilityViolations(hostPage)).toEqual([]);

    await hostQuestion.getByRole('button', { name: 'Pin' }).click();
    await fanPage.getByText('Being answered now').waitFor();

    await hostPage
      .getByRole('article', { name: `Question by ${fan.username}` })
      .getByRole('button', { name: 'Answer', exact: true })
      .click();
    const answer = 'Twelve hours in the fridge, then an hour at room temperature.';
    await hostPage.getByRole('textbox', { name: 'Answer' }).fill(answer);
    await hostPage.getByRole('button', { name: 'Save answer' }).click();

    await fanPage.getByRole('main').getByText(answer).waitFor();
    await fanPage.getByText('Being answered now').waitFor();
    expect(await seriousAccessibilityViolations(fanPage)).toEqual([]);
  });

  it('shows script and HTML typed into a post as text, never as markup', async () => {
    const hostSide = await newContext();
    await signUp(hostSide.context.request, newPerson('e2e_host'));
    const group = await createAmaGroup(hostSide.context.request);
    const { context, page } = await newContext();
    await signUp(context.request, newPerson('e2e_poster'));
    await subscribe(context.request, group.id);

    await page.goto(`${baseUrl}/group/${group.slug}`);
    const payload =
      '<img src=x onerror="window.__xss=1"> <script>window.__xss=2</script> [click](javascript:window.__xss=3) **bold**';
    await page.getByRole('main').getByRole('textbox', { name: 'Write a post' }).fill(payload);
    await page.getByRole('main').getByRole('button', { name: 'Post', exact: true }).click();
    const post = page.getByRole('article').first();
    await post.getByText('<img src=x onerror="window.__xss=1">', { exact: false }).waitFor();
    await post.getByText('<script>window.__xss=2</script>', { exact: false }).waitFor();
    expect(await post.locator('img[src="x"], script').count()).toBe(0);
    expect(await post.getByRole('link', { name: 'click' }).count()).toBe(0);
    expect(await post.locator('strong').innerText()).toBe('bold');
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
  });
});
