import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

describe('the presenter view of a session', () => {
  it('a visitor (a streaming program) sees the host pin and answer a question live, with no app chrome', async () => {
    const host = await browser.signedIn('e2e_presenter_host');
    const group = await createGroup(host.context.request, { name: 'Presenter Test Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Streamed AMA',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);

    const fan = await browser.signedIn('e2e_presenter_fan');
    await subscribe(fan.context.request, group.id);
    const question = 'Which microphone do you stream with?';
    await askQuestion(fan.context.request, group.id, question, sessionId);

    // The streaming program is not signed in; a 1920 × 1080 browser source.
    const studio = await browser.newContext({ width: 1920, height: 1080, colorScheme: 'dark' });
    const response = await studio.page.goto(`${baseUrl}/event/${sessionId}/present`);
    expect(response?.status()).toBe(200);
    await studio.page.getByText('No question pinned yet').waitFor();
    // no top bar, sidebar or footer: only the page
    expect(await studio.page.getByRole('banner').count()).toBe(0);
    expect(await studio.page.getByRole('navigation').count()).toBe(0);
    expect(await studio.page.getByRole('contentinfo').count()).toBe(0);
    expect(await studio.page.getByRole('button').count()).toBe(0);
    expect(await seriousAccessibilityViolations(studio.page)).toEqual([]);

    // The host opens the presenter view from the session page, in a new tab.
    await host.page.goto(`${baseUrl}/event/${sessionId}`);
    const link = host.page.getByRole('link', { name: 'Presenter view' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([host.context.waitForEvent('page'), link.click()]);
    browser.watch(tab);
    await tab.getByText('No question pinned yet').waitFor();
    await tab.close();

    // The host pins the question: it arrives on the presenter view, with its asker and votes.
    const card = host.page.getByRole('article', { name: `Question by ${fan.person.username}` });
    await card.getByRole('button', { name: 'Pin' }).click();
    const pinned = studio.page.getByRole('article', { name: `Pinned question by ${fan.person.username}` });
    await pinned.getByText(question).waitFor();
    await pinned.getByText('0 votes').waitFor();
    // large type on a 1920 × 1080 screen, and all of it on screen
    const fontSize = await pinned
      .getByText(question)
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(48);
    const box = await pinned.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 1080).toBe(true);

    // The host answers it: the answer arrives too.
    await card.getByRole('button', { name: 'Answer', exact: true }).click();
    const answer = 'A dynamic one, close to the mouth.';
    await host.page.getByRole('textbox', { name: 'Answer' }).fill(answer);
    await host.page.getByRole('button', { name: 'Save answer' }).click();
    await studio.page.getByRole('region', { name: 'Answer' }).getByText(answer).waitFor();
    expect(await seriousAccessibilityViolations(studio.page)).toEqual([]);

    // The host ends the session: the presenter view says so.
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/end`, undefined, 200);
    await studio.page.getByText('This session has ended').waitFor();
  });

  it('?transparent=1 paints no background at all, on a phone too', async () => {
    const host = await browser.signedIn('e2e_presenter_clear');
    const group = await createGroup(host.context.request, { name: 'Transparent Test Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Overlay AMA',
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    const phone = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const response = await phone.page.goto(`${baseUrl}/event/${sessionId}/present?transparent=1`);
    expect(response?.status()).toBe(200);
    await phone.page.getByText('No question pinned yet').waitFor();
    const backgrounds = await phone.page.evaluate(() =>
      [document.documentElement, document.body, document.querySelector('main')].map(
        (element) => element && getComputedStyle(element).backgroundColor,
      ),
    );
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    // the text keeps an outline that reads over any picture
    const shadow = await phone.page
      .getByText('No question pinned yet')
      .evaluate((element) => getComputedStyle(element).textShadow);
    expect(shadow).not.toBe('none');
    // nothing runs past a phone's width
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
