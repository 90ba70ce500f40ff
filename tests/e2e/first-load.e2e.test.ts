/**
 * What a phone really fetches on a first visit: `/`, a group page and a live session page, opened
 * fresh at 375 px by a visitor, until the page has settled. Every JavaScript file the page loaded
 * is counted at its gzip size as the server sends it, against the same budgets as the build's
 * module-graph check (shared/constants/bundle-budgets.ts, scripts/bundle-budget.test.ts).
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, FIRST_LOAD_JS_BUDGETS_KB, type BudgetedPage } from '../../shared/constants/bundle-budgets.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, useBrowser } from './kit.ts';

const browser = useBrowser();

/** The bytes the server sends for `url` to a client that accepts gzip (and nothing better). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url} answered ${String(response.statusCode)}`)),
      );
    });
    request.on('error', reject);
  });
}

const paths = {} as Record<BudgetedPage, string>;

beforeAll(async () => {
  // A live AMA as people reach it from a shared link: a group with a post and a session, live now, with a question.
  const { context } = await browser.signedIn('e2e_load');
  const group = await createGroup(context.request, {
    name: 'First Load Live',
    slug: `first-load-${Date.now().toString(36)}`,
    description: 'A live AMA that people open from a shared link on their phones.',
    ama: true,
  });
  await apiCall(context.request, 'POST', `/api/groups/${group.id}/posts`, { body: 'Ask me anything tonight.' });
  const sessionId = await scheduleSession(context.request, group.id, {
    title: 'Tonight, live',
    startsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    durationMinutes: 60,
  });
  await apiCall(context.request, 'POST', `/api/sessions/${sessionId}/start`);
  await askQuestion(context.request, group.id, 'How do you keep a live AMA moving?', sessionId);
  Object.assign(paths, { '/': '/', '/group/:slug': `/group/${group.slug}`, '/event/:id': `/event/${sessionId}` });
});

describe('the first load on a phone', () => {
  it.each(Object.keys(FIRST_LOAD_JS_BUDGETS_KB) as BudgetedPage[])(
    '%s fetches no more JavaScript than its budget',
    async (route) => {
      const { page } = await browser.newContext({ width: 375, height: 812, isMobile: true });
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && new URL(response.url()).origin === baseUrl) {
          scripts.add(response.url());
        }
      });
      await page.goto(`${baseUrl}${paths[route]}`, { waitUntil: 'networkidle' });
      // the page itself is there (not the static shell), and nothing is loading any more
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');

      const sizes = await Promise.all([...scripts].map(async (url) => ({ url, bytes: await gzipBytes(url) })));
      const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
      const budget = FIRST_LOAD_JS_BUDGETS_KB[route] * BUDGET_KB;
      console.log(
        `${route} (${paths[route]}) as a phone: ${(total / BUDGET_KB).toFixed(1)} KB of JavaScript (gzip) in ${String(sizes.length)} files, budget ${String(FIRST_LOAD_JS_BUDGETS_KB[route])} KB`,
      );
      expect(sizes.length).toBeGreaterThan(0);
      expect(
        total <= budget,
        `The first load of ${route} on a phone fetched ${(total / BUDGET_KB).toFixed(1)} KB of JavaScript (gzip), ${((total - budget) / BUDGET_KB).toFixed(1)} KB over its budget of ${String(FIRST_LOAD_JS_BUDGETS_KB[route])} KB: ${sizes.map(({ url }) => new URL(url).pathname).join(', ')}`,
      ).toBe(true);
    },
  );
});
