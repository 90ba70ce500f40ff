import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, expectHttpErrors, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

type QueueGroup = { id: string; slug: string; openQuestionCap: number | null; freshOrder: boolean };

describe('the fair queue', () => {
  it('a host sets a cap and the fresh order on a phone; a fan is told the cap, then refused beyond it', async () => {
    const hostSide = await browser.signedIn('e2e_fqhost', { width: 390, isMobile: true, hasTouch: true });
    const { page } = hostSide;
    await page.goto(`${baseUrl}/create`);
    const slug = `e2e-fq-${randomBytes(4).toString('hex')}`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Fair Queue Test');
    await page.getByRole('textbox', { name: 'Slug' }).fill(slug);
    await page.getByRole('switch', { name: /AMA/ }).click();

    // a cap out of range is refused in place, and nothing is sent
    const cap = page.getByRole('textbox', { name: 'Open questions per person' });
    await cap.fill('0');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Enter a whole number from 1 to 100, or leave it empty for no cap.').waitFor();
    expect(await cap.evaluate((element) => element === document.activeElement)).toBe(true);

    await cap.fill('1');
    await page.getByRole('switch', { name: 'Fresh order first' }).click();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(`${baseUrl}/group/${slug}`);
    const { group } = await apiCall<{ group: QueueGroup }>(hostSide.context.request, 'GET', `/api/group-slugs/${slug}`);
    expect(group).toMatchObject({ openQuestionCap: 1, freshOrder: true });

    // the edit page shows what was saved
    await page.goto(`${baseUrl}/group/${slug}/edit`);
    expect(await page.getByRole('textbox', { name: 'Open questions per person' }).inputValue()).toBe('1');
    expect(await page.getByRole('switch', { name: 'Fresh order first' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Anonymous questions' }).getAttribute('aria-checked')).toBe('false');

    // a fan asks once; the second ask is refused with the cap's sentence
    const fanSide = await browser.signedIn('e2e_fqfan');
    await subscribe(fanSide.context.request, group.id);
    const fanPage = fanSide.page;
    await fanPage.goto(`${baseUrl}/group/${slug}?tab=questions`);
    await fanPage.getByRole('main').getByText(FAIR_QUEUE_MESSAGES.capHint(1)).waitFor();
    expect(FAIR_QUEUE_MESSAGES.capHint(1)).toBe('You can have up to 1 open question here.');
    const box = fanPage.getByRole('main').getByRole('textbox', { name: 'Ask a question' });
    await box.fill('What is the first thing to learn?');
    await fanPage.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
    await fanPage.getByRole('main').getByRole('article').getByText('What is the first thing to learn?').waitFor();

    await box.fill('And the second thing?');
    await fanPage.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
    const refusal = FAIR_QUEUE_MESSAGES.capReached(1);
    expect(refusal).toBe(
      'You have 1 open question here, the most this group allows at once. You can ask again when one is answered.',
    );
    await fanPage.getByRole('main').getByRole('alert').filter({ hasText: refusal }).waitFor();
    // the text stays for later
    expect(await box.inputValue()).toBe('And the second thing?');
    await expectHttpErrors(fanSide.problems, 409);
    expect(await seriousAccessibilityViolations(fanPage)).toEqual([]);

    // the host lifts the cap: the same text can be asked
    await page.getByRole('textbox', { name: 'Open questions per person' }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${baseUrl}/group/${slug}`);
    const lifted = await apiCall<{ group: QueueGroup }>(hostSide.context.request, 'GET', `/api/group-slugs/${slug}`);
    expect(lifted.group.openQuestionCap).toBeNull();
    await fanPage.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
    await fanPage.getByRole('main').getByRole('article').getByText('And the second thing?').waitFor();
  });
});
