import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { watchPage } from './page-problems.ts';

/** Where the Townhall process of the browser tests listens. */
export const baseUrl = inject('baseUrl');

/** The same-site Origin header state-changing API calls need. */
export const origin = { Origin: baseUrl };

export type Person = { email: string; username: string; password: string };

/** A new person's sign-up details (unique). */
export function newPerson(prefix: string): Person {
  const id = randomBytes(5).toString('hex');
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}`, password: `long enough ${id}` };
}

/**
 * One browser for a test file, a fresh context per call of `newContext`, each watched for
 * console errors, page errors and requests leaving the machine (any of them fails the test),
 * and each standing for its own network address so per-address limits count tests apart.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];
  let addressCount = 0;

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

  return {
    async newContext(
      options: { width?: number; height?: number; isMobile?: boolean } = {},
    ): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
      addressCount += 1;
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        isMobile: options.isMobile ?? false,
        extraHTTPHeaders: {
          'X-Forwarded-For': `198.${String(40 + (process.pid % 50))}.${String(Math.floor(addressCount / 250))}.${String(addressCount % 250)}`,
        },
      });
      contexts.push(context);
      const page = await context.newPage();
      const found = watchPage(page);
      problems.push(found);
      return { context, page, problems: found };
    },
  };
}

/** Signs `person` up through the API in `request`'s context (which then holds the cookie); their id. */
export async function signUpByApi(request: APIRequestContext, person: Person): Promise<string> {
  const response = await request.post(`${baseUrl}/api/accounts/sign-up`, { data: person, headers: origin });
  expect(response.status(), await response.text()).toBe(201);
  const profile = await request.get(`${baseUrl}/api/profiles/${person.username}`);
  return ((await profile.json()) as { profile: { id: string } }).profile.id;
}

/** Signs `person` in through the API in `request`'s context (which then holds the cookie). */
export async function signInByApi(request: APIRequestContext, person: Person): Promise<void> {
  const response = await request.post(`${baseUrl}/api/accounts/sign-in`, {
    data: { email: person.email, password: person.password },
    headers: origin,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A call of the JSON API in `request`'s context, failing the test unless it answers `status`. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  status?: number,
): Promise<T> {
  const response = await request.fetch(`${baseUrl}${path}`, {
    method,
    headers: origin,
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  if (status !== undefined) expect(response.status(), text).toBe(status);
  else expect(response.ok(), text).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}
