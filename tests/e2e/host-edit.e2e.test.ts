import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

type QuestionAnswer = { question: { body: string; editedByHost: boolean } };

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const phone = { width: 390, height: 844, isMobile: true, hasTouch: true };

describe('the host’s edit of a question', () => {
  it('the host edits a subscriber’s question on a phone; others read it as edited by the host; the ledger lists it', async () => {
    const host = await browser.signedIn('e2e_hedit_host', phone);
    const group = await createGroup(host.context.request, { name: 'Host Edit Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Host edit AMA',
      startsAt: inHours(0.5),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);
    const asker = await browser.signedIn('e2e_hedit_asker');
    await subscribe(asker.context.request, group.id);
    const typo = 'Wich camra do you use for landscapes?';
    const fixed = 'Which camera do you use for landscapes?';
    const questionId = await askQuestion(asker.context.request, group.id, typo, sessionId);

    const page = host.page;
    await page.goto(`${baseUrl}/event/${sessionId}`);
    // by its id: while it is edited, its text is in the field, not the card's text
    const card = page.locator(`[data-question-id="${questionId}"]`);
    await card.getByText(typo).waitFor();
    await card.getByRole('button', { name: 'Edit' }).tap();
    const field = card.getByRole('textbox', { name: 'Edit question' });
    await field.waitFor();
    // the field has focus as it opens
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe(typo);
    // said before the host saves: the edit is public
    await card
      .getByText('Your edit shows as “edited by the host” and is listed in the public moderation ledger.')
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const box = await card.getByRole('button', { name: 'Save' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await field.fill(fixed);
    await card.getByRole('button', { name: 'Save' }).tap();

    await card.getByText(fixed).waitFor();
    await card.getByText('(edited by the host)').waitFor();
    expect(await card.getByText(typo).count()).toBe(0);
    const stored = await apiCall<QuestionAnswer>(asker.context.request, 'GET', `/api/questions/${questionId}`);
    expect(stored.question).toMatchObject({ body: fixed, editedByHost: true });

    // Another viewer, signed out, reads the new text as edited by the host.
    const viewer = await browser.newContext();
    await viewer.page.goto(`${baseUrl}/event/${sessionId}`);
    const seen = viewer.page.getByRole('list', { name: 'Questions' }).getByRole('article').filter({ hasText: fixed });
    await seen.getByText('(edited by the host)').waitFor();
    expect(await viewer.page.getByText(typo).count()).toBe(0);

    // The session's public ledger lists the edit.
    await viewer.page.goto(`${baseUrl}/event/${sessionId}/ledger`);
    await viewer.page.getByText('The host edited a question').waitFor();
  });
});
