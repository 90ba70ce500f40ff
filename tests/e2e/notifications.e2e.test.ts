import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse, Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { waitForMail } from './mail-inbox.ts';
import { watchPage } from './page-problems.ts';

const baseUrl = inject('baseUrl');
const mailInboxUrl = inject('mailInboxUrl');
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
async function newContext() {
  addressCount += 1;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.50.${String(process.pid % 250)}.${String(addressCount)}` },
  });
  contexts.push(context);
  return context;
}

const origin = { Origin: baseUrl };

/** Signs a person up in a context of their own and returns their request context and id. */
async function seed(prefix: string): Promise<{ person: Person; request: APIRequestContext; id: string }> {
  const context = await newContext();
  const person = newPerson(prefix);
  const response = await context.request.post(`${baseUrl}/api/accounts/sign-up`, { data: person, headers: origin });
  expect(response.status()).toBe(201);
  const profile = await context.request.get(`${baseUrl}/api/profiles/${person.username}`);
  const id = ((await profile.json()) as { profile: { id: string } }).profile.id;
  return { person, request: context.request, id };
}

async function ok(response: Promise<APIResponse>, status = 200): Promise<APIResponse> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return answer;
}

describe('notification e-mails follow each person’s settings', () => {
  it('newAnswers and newAMAs reach the real SMTP server only for those whose settings allow it', async () => {
    const host = await seed('e2e_host');
    const slug = `e2e-mail-${randomBytes(4).toString('hex')}`;
    const created = await ok(
      host.request.post(`${baseUrl}/api/groups`, {
        data: { name: 'Mail Test Group', slug, ama: true },
        headers: origin,
      }),
      201,
    );
    const groupId = ((await created.json()) as { group: { id: string } }).group.id;

    const keen = await seed('e2e_keen'); // default settings: newAnswers and newAMAs on
    const quiet = await seed('e2e_quiet'); // turns both off
    const gone = await seed('e2e_gone'); // unsubscribed from everything
    await ok(
      quiet.request.patch(`${baseUrl}/api/users/${quiet.id}/email-settings`, {
        data: { newAnswers: false, newAMAs: false },
        headers: origin,
      }),
    );
    await ok(
      gone.request.patch(`${baseUrl}/api/users/${gone.id}/email-settings`, {
        data: { unsubscribedAll: true },
        headers: origin,
      }),
    );

    const questionIds: string[] = [];
    for (const fan of [keen, quiet, gone]) {
      await ok(fan.request.put(`${baseUrl}/api/groups/${groupId}/subscription`, { headers: origin }));
      const asked = await ok(
        fan.request.post(`${baseUrl}/api/groups/${groupId}/questions`, {
          data: { body: `A question from ${fan.person.username}?` },
          headers: origin,
        }),
        201,
      );
      questionIds.push(((await asked.json()) as { question: { id: string } }).question.id);
    }
    for (const questionId of questionIds) {
      await ok(
        host.request.put(`${baseUrl}/api/questions/${questionId}/answer`, {
          data: { body: 'Here is the answer.' },
          headers: origin,
        }),
      );
    }
    const startsAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    await ok(
      host.request.post(`${baseUrl}/api/groups/${groupId}/sessions`, {
        data: { title: 'Friday bake-along', description: 'Live.', startsAt, durationMinutes: 60 },
        headers: origin,
      }),
      201,
    );

    const answerMail = await waitForMail(mailInboxUrl, keen.person.email, { subject: /answered your question/ });
    expect(answerMail.text).toContain('Here is the answer.');
    const amaMail = await waitForMail(mailInboxUrl, keen.person.email, { subject: /^New AMA in Mail Test Group/ });
    expect(amaMail.text).toContain('Friday bake-along');
    for (const person of [quiet.person, gone.person]) {
      await expect(
        waitForMail(mailInboxUrl, person.email, { subject: /answered your question|New AMA/, timeoutMs: 2_000 }),
      ).rejects.toThrow();
    }

    // The in-app bell counts the answer and the new session for the keen fan.
    const context = await newContext();
    const signIn = await context.request.post(`${baseUrl}/api/accounts/sign-in`, {
      data: { email: keen.person.email, password: keen.person.password },
      headers: origin,
    });
    expect(signIn.status()).toBe(200);
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(`${baseUrl}/groups`);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText('answered your question', { exact: false }).waitFor();
    await list.getByText('New AMA in Mail Test Group', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
  });
});
