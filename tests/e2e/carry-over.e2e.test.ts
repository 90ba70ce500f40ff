import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import {
  apiCall,
  askQuestion,
  baseUrl,
  createGroup,
  scheduleSession,
  signInByApi,
  subscribe,
  useBrowser,
} from './kit.ts';

const browser = useBrowser();

type Notification = { kind: string; excerpt: string };
type QuestionAnswer = { question: { id: string; sessionId: string | null; answerLaterAt: string | null } };

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('carrying an ended session’s open questions over', () => {
  it('the host carries the top questions to the next session, then the rest to the answer-later list', async () => {
    const host = await browser.signedIn('e2e_carry_host');
    const group = await createGroup(host.context.request, { name: 'Carry Over Group', ama: true });
    const firstId = await scheduleSession(host.context.request, group.id, {
      title: 'Carry-over AMA, part 1',
      startsAt: inHours(0.5),
      durationMinutes: 60,
    });
    const secondId = await scheduleSession(host.context.request, group.id, {
      title: 'Carry-over AMA, part 2',
      startsAt: inHours(24),
      durationMinutes: 60,
    });

    // People ask in the first session; a voter lifts two questions up.
    const asker = await browser.signedIn('e2e_carry_asker');
    await subscribe(asker.context.request, group.id);
    const voter = await browser.signedIn('e2e_carry_voter');
    await subscribe(voter.context.request, group.id);
    const top = 'Which lens do you use for portraits?';
    const second = 'How do you light a small room?';
    const third = 'Film or digital?';
    const topId = await askQuestion(asker.context.request, group.id, top, firstId);
    const secondQuestionId = await askQuestion(asker.context.request, group.id, second, firstId);
    const thirdId = await askQuestion(asker.context.request, group.id, third, firstId);
    await apiCall(voter.context.request, 'PUT', `/api/likes/question/${topId}`);
    await apiCall(voter.context.request, 'PUT', `/api/likes/question/${secondQuestionId}`);
    await apiCall(asker.context.request, 'PUT', `/api/likes/question/${topId}`);
    await apiCall(host.context.request, 'POST', `/api/sessions/${firstId}/start`, undefined, 200);
    await apiCall(host.context.request, 'POST', `/api/sessions/${firstId}/end`, undefined, 200);

    // The host opens the ended session: the record, the links and the carry-over panel.
    await host.page.goto(`${baseUrl}/event/${firstId}`);
    const panel = host.page.getByRole('region', { name: 'Carry over' });
    await panel.getByText('3 open questions were not answered').waitFor();
    await panel.getByText('“Carry-over AMA, part 2”').waitFor();
    expect(await host.page.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe(
      `/event/${firstId}/analytics`,
    );
    expect(await host.page.getByRole('link', { name: 'Moderation ledger' }).first().getAttribute('href')).toBe(
      `/event/${firstId}/ledger`,
    );
    expect(await seriousAccessibilityViolations(host.page)).toEqual([]);

    // The top two, by votes.
    const howMany = panel.getByRole('spinbutton', { name: 'How many, the most voted first' });
    await howMany.fill('2');
    await panel.getByRole('button', { name: 'Carry the top 2 questions' }).click();
    await host.page.getByText('2 questions carried over to “Carry-over AMA, part 2”').waitFor();
    await panel.getByText('1 open question was not answered').waitFor();
    // the record counts them
    const record = host.page.getByRole('region', { name: 'Moderation record' });
    await record.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await record.getByText('Carried over').locator('xpath=..').innerText()).replace(/\s+/g, ' '))
      .toContain('Carried over 2');

    // The asker finds their question on the next session's page, and was told.
    await asker.page.goto(`${baseUrl}/event/${secondId}`);
    const card = asker.page.getByRole('article').filter({ hasText: top });
    await card.waitFor();
    await asker.page.getByRole('article').filter({ hasText: second }).waitFor();
    expect(await asker.page.getByRole('article').filter({ hasText: third }).count()).toBe(0);
    // The card names the session the question came from (its `carriedFrom`, read with the page),
    // with a link back to it. (This check once ran only when the label was there: the test was
    // written before the card drew it.)
    const label = card.getByText(/Carried from/);
    await label.waitFor();
    expect((await label.innerText()).replace(/\s+/g, ' ')).toBe('Carried from Carry-over AMA, part 1');
    expect(await label.getByRole('link', { name: 'Carry-over AMA, part 1' }).getAttribute('href')).toBe(
      `/event/${firstId}`,
    );
    const { notifications } = await apiCall<{ notifications: Notification[] }>(
      asker.context.request,
      'GET',
      '/api/notifications',
    );
    expect(notifications.filter((item) => item.kind === 'question_carried').map((item) => item.excerpt)).toEqual(
      expect.arrayContaining([top, second]),
    );

    // With no session left, the rest go to the answer-later list: the host on a phone.
    await apiCall(host.context.request, 'DELETE', `/api/sessions/${secondId}`, undefined, 204);
    const phone = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await signInByApi(phone.context.request, host.person);
    await phone.page.goto(`${baseUrl}/event/${firstId}`);
    const phonePanel = phone.page.getByRole('region', { name: 'Carry over' });
    await phonePanel.getByText('answer-later list').waitFor();
    const carryAll = phonePanel.getByRole('button', { name: 'Carry the open question' });
    const box = await carryAll.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await carryAll.tap();
    await phone.page.getByText('1 question carried over to the answer-later list').waitFor();
    await phonePanel.waitFor({ state: 'detached' });
    const moved = await apiCall<QuestionAnswer>(asker.context.request, 'GET', `/api/questions/${thirdId}`);
    expect(moved.question.sessionId).toBeNull();
    expect(moved.question.answerLaterAt).not.toBeNull();
    const { notifications: later } = await apiCall<{ notifications: Notification[] }>(
      asker.context.request,
      'GET',
      '/api/notifications',
    );
    expect(later.some((item) => item.kind === 'question_carried' && item.excerpt === third)).toBe(true);
  });
});
