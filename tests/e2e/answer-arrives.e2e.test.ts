import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

/** Which of `questions` the list's cards on `page` show, top to bottom. */
async function listedQuestions(page: Page, questions: readonly string[]): Promise<string[]> {
  const texts = await page
    .getByRole('list', { name: 'Questions' })
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => article.textContent ?? ''));
  return texts.map((text) => questions.find((question) => text.includes(question)) ?? text);
}

/** Where each card of the list starts, in pixels from the list's top. */
function placesInList(page: Page): Promise<number[]> {
  return page.getByRole('list', { name: 'Questions' }).evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    return [...list.querySelectorAll('article')].map((article) =>
      Math.round(article.getBoundingClientRect().top - top),
    );
  });
}

describe('an answer arriving where a viewer is looking', () => {
  it('a phone watching the Open list sees the answer appear inside the card, in place', async () => {
    const host = await browser.signedIn('e2e_arrive_host');
    const group = await createGroup(host.context.request, { name: 'Arrivals Live', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Answers in place',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);

    // three questions, no votes: the Open list shows them in the order they were asked
    const fan = await browser.signedIn('e2e_arrive_fan');
    await subscribe(fan.context.request, group.id);
    const questions = ['Which flour for a first loaf?', 'How warm should the kitchen be?', 'When is it baked through?'];
    for (const body of questions) await askQuestion(fan.context.request, group.id, body, sessionId);
    const [, middle = ''] = questions;

    // A visitor on a phone, signed out, watches the session's Open list.
    const viewer = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await viewer.page.goto(`${baseUrl}/event/${sessionId}`);
    const list = viewer.page.getByRole('list', { name: 'Questions' });
    await list.getByRole('article').nth(2).waitFor();
    expect(await listedQuestions(viewer.page, questions)).toEqual(questions);
    const middleCard = list.getByRole('article').filter({ hasText: middle });
    await middleCard.scrollIntoViewIfNeeded();
    const placesBefore = await placesInList(viewer.page);

    // The host answers the middle question from their own page.
    await host.page.goto(`${baseUrl}/event/${sessionId}`);
    const hostCard = host.page.getByRole('article').filter({ hasText: middle });
    await hostCard.getByRole('button', { name: 'Answer', exact: true }).click();
    const answer = 'Around 24 °C: warmer rises faster, cooler tastes better.';
    await host.page.getByRole('textbox', { name: 'Answer' }).fill(answer);
    const reread = viewer.page.waitForResponse(
      (response) => response.url().includes(`/api/groups/${group.id}/questions?`) && response.status() === 200,
    );
    await host.page.getByRole('button', { name: 'Save answer' }).click();

    // The viewer sees the answer inside that card, where it was, without switching views.
    await middleCard.getByRole('region', { name: 'Answer' }).getByText(answer).waitFor();
    await middleCard.getByText('Answered just now').waitFor();
    await reread; // the Open list was read again (without it), and it stays
    await viewer.page.waitForTimeout(300);
    expect(await listedQuestions(viewer.page, questions)).toEqual(questions);
    // the cards above it and itself have not moved in the list (the ones below make room for the answer)
    expect((await placesInList(viewer.page)).slice(0, 2)).toEqual(placesBefore.slice(0, 2));
    expect(
      await viewer.page
        .getByRole('group', { name: 'Show' })
        .getByRole('button', { name: 'Open' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await seriousAccessibilityViolations(viewer.page)).toEqual([]);

    // Got it: the card goes, the next one takes focus.
    await middleCard.getByRole('button', { name: 'Got it' }).click();
    await viewer.page.waitForFunction(
      (gone) => ![...document.querySelectorAll('article')].some((article) => article.textContent?.includes(gone)),
      middle,
    );
    expect(await listedQuestions(viewer.page, questions)).toEqual([questions[0], questions[2]]);
    const focused = await viewer.page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain(questions[2]);

    // The Answered view has it once.
    await viewer.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Answered' }).click();
    await list.getByRole('article').filter({ hasText: answer }).waitFor();
    expect(await list.getByRole('article').filter({ hasText: middle }).count()).toBe(1);
  });
});
