import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import {
  apiCall,
  askQuestion,
  baseUrl,
  createGroup,
  expectHttpErrors,
  scheduleSession,
  signInByApi,
  subscribe,
  useBrowser,
  visit,
} from './kit.ts';

const browser = useBrowser();

/** The tiles of the page, label to value. */
async function tiles(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(
    await page
      .locator('dl[aria-label="Headline figures"] > div')
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
      ),
  );
}

describe('host analytics', () => {
  it('a host runs a session where people ask and vote, then reads its figures and chart; a subscriber is refused', async () => {
    const host = await browser.signedIn('e2e_stats_host');
    const group = await createGroup(host.context.request, { name: 'Analytics Test Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Measured AMA',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);

    const fan = await browser.signedIn('e2e_stats_fan');
    const other = await browser.signedIn('e2e_stats_other');
    await subscribe(fan.context.request, group.id);
    await subscribe(other.context.request, group.id);
    const top = 'Which "tool", if any, changed how you work?';
    const topId = await askQuestion(fan.context.request, group.id, top, sessionId);
    const secondId = await askQuestion(other.context.request, group.id, 'What did you learn last year?', sessionId);
    await apiCall(fan.context.request, 'PUT', `/api/likes/question/${topId}`, undefined, 200);
    await apiCall(other.context.request, 'PUT', `/api/likes/question/${topId}`, undefined, 200);
    await apiCall(other.context.request, 'PUT', `/api/likes/question/${secondId}`, undefined, 200);
    await apiCall(host.context.request, 'PUT', `/api/questions/${topId}/answer`, { body: 'A good editor.' }, 200);

    // the fan watches the session page: a viewer the analytics read samples
    await visit(fan.page, `/event/${sessionId}`);
    await fan.page.getByRole('heading', { name: 'Measured AMA' }).waitFor();
    // counted by the server (the page's figure reads the same presence rows the sample counts)
    await fan.page.getByText(/^[1-9]\d* watching$/).waitFor();

    // The host opens the session's analytics.
    await visit(host.page, `/event/${sessionId}/analytics`);
    await host.page.getByRole('heading', { name: 'Session analytics', level: 1 }).waitFor();
    await expect
      .poll(() => tiles(host.page))
      .toMatchObject({
        'Questions asked': '2',
        Answered: '1',
        'Share answered': '50%',
        Votes: '3',
        'Unique askers': '2',
        'Unique voters': '2',
      });
    // the chart: drawn on a canvas, with its text beside it
    await host.page.locator('[data-testid="viewers-chart"] canvas').first().waitFor();
    await host.page.getByText(/sampled from .* at the peak, \d+ viewers?/).waitFor();
    const figures = await tiles(host.page);
    expect(Number(figures['Peak viewers']?.match(/^\d+/)?.[0])).toBeGreaterThanOrEqual(1);
    const topQuestions = host.page.getByRole('region', { name: 'Top questions' });
    await expect.poll(() => topQuestions.getByRole('link').first().textContent()).toBe(top);
    expect(await host.page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/sessions/${sessionId}/analytics.csv`,
    );
    const csv = await host.context.request.get(`${baseUrl}/api/sessions/${sessionId}/analytics.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain('"Which ""tool"", if any, changed how you work?",2,yes');
    expect(await seriousAccessibilityViolations(host.page)).toEqual([]);

    // On a phone (the host signed in there too), nothing is wider than the screen.
    const phone = await browser.newContext({ width: 390, height: 844 });
    await signInByApi(phone.context.request, host.person);
    await visit(phone.page, `/event/${sessionId}/analytics`);
    await phone.page.getByRole('heading', { name: 'Session analytics', level: 1 }).waitFor();
    await phone.page.locator('[data-testid="viewers-chart"] canvas').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A subscriber gets the refusal, not the figures.
    await visit(fan.page, `/event/${sessionId}/analytics`);
    await fan.page.getByText('Only the host and administrators can see analytics').waitFor();
    await expectHttpErrors(fan.problems, 403);
    expect(await fan.page.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);
    // …and no Analytics link on the group's page, where the ledger is linked for everyone
    await visit(fan.page, `/group/${group.slug}`);
    await fan.page.getByRole('link', { name: 'Moderation ledger' }).waitFor();
    expect(
      await fan.page
        .getByRole('navigation', { name: 'Group records' })
        .getByRole('link', { name: 'Analytics' })
        .count(),
    ).toBe(0);

    // The host reaches the group's analytics from the group page; it lists the session.
    await visit(host.page, `/group/${group.slug}`);
    await host.page.getByRole('navigation', { name: 'Group records' }).getByRole('link', { name: 'Analytics' }).click();
    await host.page.waitForURL(`${baseUrl}/group/${group.slug}/analytics`);
    await host.page.getByRole('heading', { name: 'Group analytics', level: 1 }).waitFor();
    const sessions = host.page.getByRole('region', { name: 'Sessions, newest first' });
    const row = sessions.getByRole('row').filter({ hasText: 'Measured AMA' });
    await row.waitFor();
    // the bar is a picture only: the cells read asked, answered, peak viewers
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['2', '1']);
    expect(await seriousAccessibilityViolations(host.page)).toEqual([]);
    await row.getByRole('link', { name: 'Measured AMA' }).click();
    await host.page.waitForURL(`${baseUrl}/event/${sessionId}/analytics`);
    await host.page.getByRole('heading', { name: 'Session analytics', level: 1 }).waitFor();
  });
});
