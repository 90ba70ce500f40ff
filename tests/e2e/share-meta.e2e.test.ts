// Shared pages in a real browser with the real CSP: a question's JSON-LD (made of hostile text)
// is data that runs nothing and breaks nothing; unknown sub-pages of groups and sessions are
// the app's 404 page; groups and the blog link their Atom feeds, on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, useBrowser } from './kit.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const HOSTILE = '</script><script>alert(1)</script> Which <b>glaze</b> & why?';

/** The 404 answers Chromium logs as console errors, taken out of a page's problems (at least one). */
async function take404s(problems: string[]): Promise<void> {
  const line = 'console error: Failed to load resource: the server responded with a status of 404';
  await expect.poll(() => problems.filter((problem) => problem.startsWith(line)).length).toBeGreaterThan(0);
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.startsWith(line)));
}

const jsonLdOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
    ),
  );

describe('shared pages in the browser', () => {
  it('a question page with hostile text keeps its JSON-LD as data: no script runs, no CSP complaint', async () => {
    const host = await browser.signedIn('e2e_ld');
    const group = await createGroup(host.context.request, { name: 'Glaze lab', ama: true });
    const questionId = await askQuestion(host.context.request, group.id, HOSTILE);
    await apiCall(host.context.request, 'PUT', `/api/questions/${questionId}/answer`, { body: 'Ash glaze </script>' });

    const { page } = await browser.newContext(PHONE);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const response = await page.goto(`${baseUrl}/group/${group.slug}/question/${questionId}`);
    expect(response?.status()).toBe(200);
    await page.getByText(HOSTILE).first().waitFor();
    const blocks = await jsonLdOf(page);
    expect(blocks).toHaveLength(1);
    const entity = blocks[0]?.mainEntity as Record<string, unknown>;
    expect(blocks[0]?.['@type']).toBe('QAPage');
    expect(entity.text).toBe(HOSTILE);
    expect((entity.acceptedAnswer as Record<string, unknown>).text).toBe('Ash glaze </script>');
    // only the page's own scripts: none came out of the question's text
    expect(
      await page.evaluate(() => document.querySelectorAll('script:not([type="application/ld+json"])').length),
    ).toBe(await page.evaluate(() => document.querySelectorAll('script[src]').length));
    expect(dialogs).toBe(0);
    // the afterEach check fails the test on any CSP violation or console error of the page
  });

  it('a session page carries its Event data and loads cleanly', async () => {
    const host = await browser.signedIn('e2e_ev');
    const group = await createGroup(host.context.request, { name: 'Kiln talk', ama: true });
    const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString();
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Firing <schedules>',
      startsAt,
      durationMinutes: 30,
    });
    const { page } = await browser.newContext(PHONE);
    const response = await page.goto(`${baseUrl}/event/${sessionId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Firing <schedules>' }).first().waitFor();
    const [event] = await jsonLdOf(page);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Firing <schedules>',
      startDate: startsAt,
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${baseUrl}/event/${sessionId}` },
    });
  });

  it("unknown sub-pages of a group and a session answer 404 and show the app's not-found page", async () => {
    const host = await browser.signedIn('e2e_nf');
    const group = await createGroup(host.context.request, { name: 'Missing things', ama: true });
    const { page, problems } = await browser.newContext(PHONE);
    for (const [path, heading] of [
      [`/group/${group.slug}/no-such-tab`, 'Page not found'],
      [`/event/${crypto.randomUUID()}/junk`, 'Page not found'],
      [`/group/${group.slug}/question/${crypto.randomUUID()}`, 'Question not found'],
    ] as const) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toBe('noindex');
      await page.getByRole('heading', { name: heading }).waitFor();
      await take404s(problems);
    }
  });

  it('a group and the blog link their Atom feeds, on a phone, and the links answer Atom', async () => {
    const host = await browser.signedIn('e2e_feed', PHONE);
    const group = await createGroup(host.context.request, { name: 'Feed potters', ama: true });
    await apiCall(host.context.request, 'POST', `/api/groups/${group.id}/posts`, { body: 'First kiln load' }, 201);
    const { page, context } = host;
    await page.goto(`${baseUrl}/group/${group.slug}`);
    const feeds = page.getByRole('list', { name: 'Atom feeds:' });
    const postsFeed = feeds.getByRole('link', { name: 'Posts feed' });
    await postsFeed.waitFor();
    await expect.poll(() => feeds.getByRole('link').count()).toBe(2);
    // the links fit a phone's screen, and each is a comfortable target
    const box = await feeds.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    expect((await postsFeed.boundingBox())?.height).toBeGreaterThanOrEqual(24);
    const href = (await postsFeed.getAttribute('href')) ?? '';
    const feed = await context.request.get(`${baseUrl}${href}`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(await feed.text()).toContain('First kiln load');
    // the head names the same feeds for readers that look there
    expect(
      await page
        .locator('link[rel="alternate"][type="application/atom+xml"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname)),
    ).toEqual([`/group/${group.slug}/posts.atom`, `/group/${group.slug}/answers.atom`]);

    await page.goto(`${baseUrl}/blog`);
    const blogFeed = page.getByRole('link', { name: 'Blog feed' });
    await blogFeed.waitFor();
    expect(await blogFeed.getAttribute('href')).toBe('/blog.atom');
    expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).toBe(
      `${baseUrl}/blog.atom`,
    );
  });
});
