import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
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

let addressCount = 0;
async function signedInPage(prefix: string, options: { width?: number; isMobile?: boolean } = {}) {
  addressCount += 1;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.60.${String(process.pid % 250)}.${String(addressCount)}` },
  });
  contexts.push(context);
  const person = newPerson(prefix);
  const response = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
    data: person,
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  const page = await context.newPage();
  problems.push(watchPage(page));
  return { context, page, person };
}

/** A datetime-local value a little in the future, in the browser's (UTC) time zone. */
function inMinutes(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
}

describe('a live AMA session, from scheduling to transcript', () => {
  it('the host schedules and runs it; a viewer on a phone watches, asks and sees the answer live', async () => {
    const host = await signedInPage('e2e_host');
    const slug = `e2e-ama-${randomBytes(4).toString('hex')}`;
    const created = await host.context.request.post(`${baseUrl}/api/groups`, {
      data: { name: 'Session Test Group', slug, ama: true },
      headers: { Origin: baseUrl },
    });
    expect(created.status()).toBe(201);

    // Schedule it from the group page.
    await host.page.goto(`${baseUrl}/group/${slug}?tab=events`);
    await host.page.getByRole('main').getByRole('tab', { name: 'Events' }).click();
    await host.page.getByRole('button', { name: 'Schedule a session' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Schedule a session' });
    await dialog.getByLabel('Title').fill('Friday bake-along');
    await dialog.getByLabel('Description').fill('Bring your sourdough questions.');
    await dialog.getByLabel('Starts at').fill(inMinutes(30));
    await dialog.getByLabel('Duration (minutes)').fill('45');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await host.page.waitForURL(/\/event\/[0-9a-f-]+$/);
    const sessionUrl = host.page.url();
    await host.page.getByRole('heading', { level: 1, name: 'Friday bake-along' }).waitFor();
    expect(await seriousAccessibilityViolations(host.page)).toEqual([]);

    // The calendar file is real.
    const calendarHref = await host.page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    const calendar = await host.context.request.get(`${baseUrl}${calendarHref ?? ''}`);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('SUMMARY:Friday bake-along');

    // A viewer on a phone subscribes to the group and opens the session before it starts.
    const viewer = await signedInPage('e2e_viewer', { width: 390, isMobile: true });
    const groupId = (
      (await (await viewer.context.request.get(`${baseUrl}/api/groups/by-slug/${slug}`)).json()) as {
        group: { id: string };
      }
    ).group.id;
    const subscribed = await viewer.context.request.put(`${baseUrl}/api/groups/${groupId}/subscription`, {
      headers: { Origin: baseUrl },
    });
    expect(subscribed.status()).toBe(200);
    await viewer.page.goto(sessionUrl);
    await viewer.page.getByRole('heading', { level: 1, name: 'Friday bake-along' }).waitFor();

    // Both are counted as watching.
    await host.page.getByRole('region', { name: 'Who is watching' }).getByText('2 watching').waitFor();

    // Questions can be asked before the start.
    const question = `Rye or wheat starter? ${randomBytes(2).toString('hex')}`;
    await viewer.page.getByRole('textbox', { name: 'Ask a question' }).fill(question);
    await viewer.page.getByRole('button', { name: 'Ask', exact: true }).click();
    await host.page.getByRole('article', { name: `Question by ${viewer.person.username}` }).waitFor();

    // The host starts the session; the viewer sees it go live without reloading.
    const controls = host.page.getByRole('region', { name: 'Host controls' });
    await controls.getByRole('button', { name: 'Start session' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'Start session' }).click();
    await viewer.page.getByRole('main').getByText('Live now', { exact: true }).first().waitFor();

    // The viewer watches the Answered view; the host answers and the answer arrives there live.
    await viewer.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Answered' }).click();
    const article = host.page.getByRole('article', { name: `Question by ${viewer.person.username}` });
    await article.getByRole('button', { name: 'Answer', exact: true }).click();
    await host.page.getByRole('textbox', { name: 'Answer' }).fill('Rye: it is more forgiving.');
    await host.page.getByRole('button', { name: 'Save answer' }).click();
    await viewer.page.getByText('Rye: it is more forgiving.').waitFor();

    // The host ends it, and the transcript holds the question and the answer.
    await controls.getByRole('button', { name: 'End session' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
    await viewer.page.getByRole('main').getByText('Ended', { exact: true }).first().waitFor();
    const transcriptHref = await host.page.getByRole('link', { name: 'Transcript (Markdown)' }).getAttribute('href');
    const transcript = await host.context.request.get(`${baseUrl}${transcriptHref ?? ''}`);
    expect(transcript.status()).toBe(200);
    const markdown = await transcript.text();
    expect(markdown).toContain('Friday bake-along');
    expect(markdown).toContain(question);
    expect(markdown).toContain('Rye: it is more forgiving.');
    expect(await seriousAccessibilityViolations(viewer.page)).toEqual([]);
  });
});
