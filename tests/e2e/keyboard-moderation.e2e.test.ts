import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, scheduleSession, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

type QuestionAnswer = {
  question: {
    isPinned: boolean;
    isHidden: boolean;
    status: string;
    answer: { body: string } | null;
    mergedInto: { id: string } | null;
  };
};

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The id of the question card that holds focus (the card itself or one of its controls), if any. */
const focusedQuestionId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-question-id]')?.dataset.questionId ?? null);

describe('the host’s keys in a live session', () => {
  it('j / k move, p pins, a answers, h hides with a reason, m merges, u undoes, ? lists the keys', async () => {
    const host = await browser.signedIn('e2e_keys_host');
    const group = await createGroup(host.context.request, { name: 'Keyboard Moderation Group', ama: true });
    const sessionId = await scheduleSession(host.context.request, group.id, {
      title: 'Keyboard AMA',
      startsAt: inHours(0.5),
      durationMinutes: 60,
    });
    await apiCall(host.context.request, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);

    // One person asks four questions, one after the other: with no votes, Top lists them in that
    // order. The third reads almost like the second (its closest possible duplicate).
    const asker = await browser.signedIn('e2e_keys_asker');
    await subscribe(asker.context.request, group.id);
    const lens = 'Which lens do you carry for street photography?';
    const plan = 'How do you plan your week of recording videos?';
    const planAgain = 'How do you plan your week of recording?';
    const book = 'Which book got you started with editing?';
    const lensId = await askQuestion(asker.context.request, group.id, lens, sessionId);
    const planId = await askQuestion(asker.context.request, group.id, plan, sessionId);
    const planAgainId = await askQuestion(asker.context.request, group.id, planAgain, sessionId);
    const bookId = await askQuestion(asker.context.request, group.id, book, sessionId);
    const read = async (id: string) =>
      (await apiCall<QuestionAnswer>(host.context.request, 'GET', `/api/questions/${id}`)).question;

    const page = host.page;
    await page.goto(`${baseUrl}/event/${sessionId}`);
    const queue = page.getByRole('list', { name: 'Questions' });
    const cardOf = (text: string) => page.getByRole('article').filter({ hasText: text });
    await queue.getByText(book).waitFor();
    // the keys come with the host's tools, and m needs a card's Possible duplicates
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).waitFor();
    await cardOf(planAgain).getByRole('button', { name: 'Possible duplicates' }).waitFor();

    // j moves to the first card, then the next; k back.
    await page.keyboard.press('j');
    await expect.poll(() => focusedQuestionId(page)).toBe(lensId);
    await page.keyboard.press('j');
    await expect.poll(() => focusedQuestionId(page)).toBe(planId);
    await page.keyboard.press('k');
    await expect.poll(() => focusedQuestionId(page)).toBe(lensId);

    // p pins the focused question: it moves to the pinned slot, focus with it.
    await page.keyboard.press('p');
    const pinnedSlot = page.getByRole('article').filter({ hasText: 'Being answered now' });
    await pinnedSlot.getByText(lens).waitFor();
    await pinnedSlot.getByRole('button', { name: 'Unpin' }).waitFor();
    expect((await read(lensId)).isPinned).toBe(true);
    await expect.poll(() => focusedQuestionId(page)).toBe(lensId);

    // a opens the focused question's answer composer (the key is not typed into it).
    await page.keyboard.press('a');
    const answerBox = pinnedSlot.getByRole('textbox', { name: 'Answer' });
    await answerBox.waitFor();
    await expect.poll(() => answerBox.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await answerBox.inputValue()).toBe('');
    await page.keyboard.type('A 35 mm prime, always.');
    await pinnedSlot.getByRole('button', { name: 'Save answer' }).click();
    await pinnedSlot.getByRole('region', { name: 'Answer' }).getByText('A 35 mm prime, always.').waitFor();
    // saved, focus is back on the card
    await expect.poll(() => focusedQuestionId(page)).toBe(lensId);
    const answered = await read(lensId);
    expect(answered.status).toBe('answered');
    expect(answered.answer?.body).toBe('A 35 mm prime, always.');

    // h opens the reason picker of the focused question (focus on its first reason); Enter on a
    // reason hides it.
    await cardOf(book).focus();
    await page.keyboard.press('h');
    const picker = cardOf(book).getByRole('group', { name: 'Why hide this question?' });
    await picker.waitFor();
    await expect
      .poll(() => picker.getByRole('button', { name: 'Off topic' }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Question hidden')
      .waitFor();
    await queue.getByText(book).waitFor({ state: 'detached' });
    expect((await read(bookId)).isHidden).toBe(true);

    // u shows it again.
    await page.keyboard.press('u');
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Question shown again')
      .waitFor();
    await queue.getByText(book).waitFor();
    expect((await read(bookId)).isHidden).toBe(false);

    // m merges the focused question into its closest possible duplicate; focus goes to that one.
    await cardOf(planAgain).focus();
    await page.keyboard.press('m');
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText(`Merged into “${plan}”`)
      .waitFor();
    await queue.getByText(planAgain).waitFor({ state: 'detached' });
    expect((await read(planAgainId)).mergedInto?.id).toBe(planId);
    await expect.poll(() => focusedQuestionId(page)).toBe(planId);

    // u undoes the merge: both are back, focus on the one that was merged.
    await page.keyboard.press('u');
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Merge undone')
      .waitFor();
    await queue.getByText(planAgain).waitFor();
    expect((await read(planAgainId)).mergedInto).toBeNull();
    await expect.poll(() => focusedQuestionId(page)).toBe(planAgainId);

    // ? lists the keys; Escape closes the list, and focus goes back to the card it was on.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await keys.waitFor();
    for (const label of ['Next question', 'Pin or unpin', 'Undo the last merge or hide']) {
      await keys.getByText(label).waitFor();
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await keys.waitFor({ state: 'detached' });
    await expect.poll(() => focusedQuestionId(page)).toBe(planAgainId);
    // the keys work again once it is closed: the next card is the last one
    await page.keyboard.press('j');
    await expect.poll(() => focusedQuestionId(page)).toBe(bookId);
  });
});
