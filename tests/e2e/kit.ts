/**
 * The one fixture module of the browser tests: the browser and its contexts (each at its own
 * network address, its page watched for problems), the people they sign up, and the API calls
 * that set the scene of a test (groups, subscriptions, questions, sessions).
 */
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

/** A new person's sign-up details (unique; `prefix` of letters, digits and underscores, never a blocked word). */
export function newPerson(prefix: string): Person {
  const id = randomBytes(5).toString('hex');
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}`, password: `long enough ${id}` };
}

/** How a context looks: 1280 × 900 in the light scheme, neither mobile nor touch, unless told. */
export type ContextOptions = {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  isMobile?: boolean;
  hasTouch?: boolean;
};

/** One person's browser: a context at its own network address, with one watched page and what was found on it. */
export type Visitor = { context: BrowserContext; page: Page; problems: string[] };

let addressCount = 0;

/**
 * A network address for each new context (the test server trusts the loopback proxy, so the
 * per-address limits count each context apart). Each test file runs in a process of its own:
 * its id sets the middle of the address, so contexts of two files of a run differ too.
 */
function nextAddress(): string {
  addressCount += 1;
  if (addressCount > 255) throw new Error('More than 255 browser contexts in one test file: split the file.');
  const id = process.pid % 65_536;
  return `10.${String(id >> 8)}.${String(id & 255)}.${String(addressCount)}`;
}

/**
 * One browser for a test file. After each test its contexts are closed and what was found on
 * their watched pages (console errors, page errors, CSP violations, requests leaving the
 * machine) must be nothing; a test that provokes a problem on purpose takes it out itself.
 */
export function useBrowser() {
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

  async function unwatchedContext(options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      colorScheme: options.colorScheme ?? 'light',
      isMobile: options.isMobile ?? false,
      hasTouch: options.hasTouch ?? false,
      extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() },
    });
    contexts.push(context);
    return { context, page: await context.newPage() };
  }

  /** Watches another page (a second tab) like a context's first; its problems fail the test too. */
  function watch(page: Page): string[] {
    const found = watchPage(page);
    problems.push(found);
    return found;
  }

  async function newContext(options: ContextOptions = {}): Promise<Visitor> {
    const { context, page } = await unwatchedContext(options);
    return { context, page, problems: watch(page) };
  }

  return {
    /** A new context at its own address, with one watched page. */
    newContext,
    /** A new context as `newContext`'s, where a new person (`prefix`) has signed up through the API. */
    async signedIn(prefix: string, options: ContextOptions = {}): Promise<Visitor & { person: Person; id: string }> {
      const visitor = await newContext(options);
      const person = newPerson(prefix);
      const id = await signUpByApi(visitor.context.request, person);
      return { ...visitor, person, id };
    },
    watch,
    /**
     * A new context at its own address whose page nothing watches: for a test that keeps the app
     * from loading on purpose, or that watches what it needs itself.
     */
    unwatchedContext,
  };
}

/** Opens `path` of the app in `page` and waits for the top bar. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('banner').waitFor();
}

/**
 * Chromium logs every 4xx answer as a console error ('Failed to load resource'). A test that
 * provokes some on purpose takes exactly those lines out of its page's `problems`; any other
 * problem still fails it.
 */
export async function expectHttpErrors(problems: string[], status: number, count = 1): Promise<void> {
  const line = `console error: Failed to load resource: the server responded with a status of ${String(status)}`;
  await expect.poll(() => problems.filter((problem) => problem.startsWith(line)).length).toBe(count);
  // In place: the page keeps adding to this same array.
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.startsWith(line)));
}

/** The text of the one alert in the page's main area, exactly. */
export async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('main').getByRole('alert');
  await alert.waitFor();
  return (await alert.innerText()).trim();
}

/** Signs `person` up through the API in `request`'s context (which then holds the cookie); their id. */
export async function signUpByApi(request: APIRequestContext, person: Person): Promise<string> {
  const { user } = await apiCall<{ user: { id: string } }>(request, 'POST', '/api/accounts/sign-up', person, 201);
  return user.id;
}

/** Signs `person` in through the API in `request`'s context (which then holds the cookie). */
export async function signInByApi(request: APIRequestContext, person: { email: string; password: string }) {
  await apiCall(request, 'POST', '/api/accounts/sign-in', { email: person.email, password: person.password }, 200);
}

/** A call of the JSON API in `request`'s context, failing the test unless it answers `status` (any 2xx if not told). */
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

export type Group = { id: string; slug: string; likeCount: number; subscriberCount: number };

/** Creates a group as the person signed in in `request`'s context (slug `e2e-…` unless given). */
export async function createGroup(
  request: APIRequestContext,
  fields: { name: string; slug?: string; description?: string; ama?: boolean },
): Promise<Group> {
  const data = { ...fields, slug: fields.slug ?? `e2e-${randomBytes(4).toString('hex')}` };
  return (await apiCall<{ group: Group }>(request, 'POST', '/api/groups', data, 201)).group;
}

/** A group as its page reads it. */
export async function groupBySlug(request: APIRequestContext, slug: string): Promise<Group> {
  return (await apiCall<{ group: Group }>(request, 'GET', `/api/group-slugs/${slug}`, undefined, 200)).group;
}

/** Subscribes the person signed in in `request`'s context to a group. */
export async function subscribe(request: APIRequestContext, groupId: string): Promise<void> {
  await apiCall(request, 'PUT', `/api/groups/${groupId}/subscription`, undefined, 200);
}

/** Asks a question in a group (in one of its sessions if told); the question's id. */
export async function askQuestion(
  request: APIRequestContext,
  groupId: string,
  body: string,
  sessionId?: string,
): Promise<string> {
  const data = sessionId === undefined ? { body } : { body, sessionId };
  return (await apiCall<{ question: { id: string } }>(request, 'POST', `/api/groups/${groupId}/questions`, data, 201))
    .question.id;
}

/** Schedules a live session of a group; its id. */
export async function scheduleSession(
  request: APIRequestContext,
  groupId: string,
  fields: { title: string; description?: string; startsAt: string; durationMinutes: number },
): Promise<string> {
  return (await apiCall<{ session: { id: string } }>(request, 'POST', `/api/groups/${groupId}/sessions`, fields, 201))
    .session.id;
}
