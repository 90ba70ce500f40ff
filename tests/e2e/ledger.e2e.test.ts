import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('the public moderation ledger', () => {
  it('a visitor on a phone reads what the host hid and why, live, without the hidden text', async () => {
    const host = await browser.signedIn('e2e_ledger_host');
    const group = await createGroup(host.context.request, { name: 'Ledger Test Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Audited AMA',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    const fan = await browser.signedIn('e2e_ledger_fan');
    await subscribe(fan.context.request, group.id);
    const secret = 'Here is my neighbour’s phone number, call them';
    const hiddenId = await askQuestion(fan.context.request, group.id, secret, sessionId);
    const kept = 'What is the first thing you check in a code review?';
    await askQuestion(fan.context.request, group.id, kept, sessionId);
    await apiCall(
      host.context.request,
      'PATCH',
      `/api/questions/${hiddenId}/moderation`,
      { isHidden: true, reason: 'personal_information' },
      200,
    );

    // Signed out, on a phone: the session's ledger with its totals.
    const visitor = await browser.newContext({ width: 390, height: 844 });
    const response = await visitor.page.goto(`${baseUrl}/event/${sessionId}/ledger`);
    expect(response?.status()).toBe(200);
    const ledger = visitor.page.getByRole('list', { name: 'Moderation ledger' });
    await ledger.getByText('The host hid a question').waitFor();
    await ledger.getByText('Personal information').waitFor();
    await ledger.getByText('The question is not shown').waitFor();
    const totals = visitor.page.getByRole('definition');
    await totals.first().waitFor();
    const figures = Object.fromEntries(
      await visitor.page
        .locator('dl[aria-label="Session totals"] > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
        ),
    );
    expect(figures).toEqual({ Asked: '2', Answered: '0', Hidden: '1', Merged: '0', 'Carried over': '0' });
    expect(await visitor.page.getByText(secret).count()).toBe(0);
    // fits the phone: nothing wider than the screen
    const width = await visitor.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([]);

    // The host shows it again: the entry arrives without a reload, and the question can be opened.
    await apiCall(host.context.request, 'PATCH', `/api/questions/${hiddenId}/moderation`, { isHidden: false }, 200);
    await ledger.getByText('The host showed a hidden question again').waitFor();
    await ledger.getByRole('link', { name: 'Open the question' }).first().waitFor();

    // The group's ledger has the same entries and links to the session's.
    await visitor.page.goto(`${baseUrl}/group/${group.slug}/ledger`);
    const groupLedger = visitor.page.getByRole('list', { name: 'Moderation ledger' });
    await groupLedger.getByText('The host hid a question').waitFor();
    await groupLedger.getByRole('link', { name: 'Its session’s ledger' }).first().click();
    await visitor.page.waitForURL(`${baseUrl}/event/${sessionId}/ledger`);
    await visitor.page.getByRole('heading', { name: 'Moderation ledger of this session' }).waitFor();
  });

  it('answers 404 pages for a session or group that does not exist', async () => {
    const visitor = await browser.newContext();
    const session = await visitor.context.request.get(`${baseUrl}/event/00000000-0000-4000-8000-000000000000/ledger`);
    expect(session.status()).toBe(404);
    const group = await visitor.context.request.get(`${baseUrl}/group/no-such-group-anywhere/ledger`);
    expect(group.status()).toBe(404);
  });
});
