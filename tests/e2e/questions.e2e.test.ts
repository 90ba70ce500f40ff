import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { baseUrl, createGroup, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();

function createAmaGroup(request: APIRequestContext) {
  return createGroup(request, {
    name: 'Live Q&A Test',
    slug: `e2e-qa-${randomBytes(4).toString('hex')}`,
    description: 'Questions answered live.',
    ama: true,
  });
}

describe('the live question queue', () => {
  it('a subscriber asks; the host sees it live, pins and answers it; the subscriber sees both without reloading', async () => {
    const hostSide = await browser.signedIn('e2e_host');
    const group = await createAmaGroup(hostSide.context.request);

    // the subscriber is on a phone
    const fanSide = await browser.signedIn('e2e_fan', { width: 390, isMobile: true, hasTouch: true });
    const fan = fanSide.person;
    await subscribe(fanSide.context.request, group.id);

    const hostPage: Page = hostSide.page;
    await hostPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    await hostPage.getByRole('main').getByRole('textbox', { name: 'Ask a question' }).waitFor();

    const fanPage: Page = fanSide.page;
    await fanPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const text = `How long should sourdough proof overnight? ${randomBytes(2).toString('hex')}`;
    await fanPage.getByRole('main').getByRole('textbox', { name: 'Ask a question' }).fill(text);
    await fanPage.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
    await fanPage
      .getByRole('article', { name: `Question by ${fan.username}` })
      .getByText(text)
      .waitFor();

    // The host's page shows it without a reload.
    const hostQuestion = hostPage.getByRole('article', { name: `Question by ${fan.username}` });
    await hostQuestion.getByText(text).waitFor();
    expect(await seriousAccessibilityViolations(hostPage)).toEqual([]);

    await hostQuestion.getByRole('button', { name: 'Pin' }).click();
    await fanPage.getByText('Being answered now').waitFor();

    await hostPage
      .getByRole('article', { name: `Question by ${fan.username}` })
      .getByRole('button', { name: 'Answer', exact: true })
      .click();
    const answer = 'Twelve hours in the fridge, then an hour at room temperature.';
    await hostPage.getByRole('textbox', { name: 'Answer' }).fill(answer);
    await hostPage.getByRole('button', { name: 'Save answer' }).click();

    await fanPage.getByRole('main').getByText(answer).waitFor();
    await fanPage.getByText('Being answered now').waitFor();
    expect(await seriousAccessibilityViolations(fanPage)).toEqual([]);
  });

  it('shows script and HTML typed into a post as text, never as markup', async () => {
    const hostSide = await browser.signedIn('e2e_host');
    const group = await createAmaGroup(hostSide.context.request);
    const { context, page } = await browser.signedIn('e2e_poster');
    await subscribe(context.request, group.id);

    await page.goto(`${baseUrl}/group/${group.slug}`);
    const payload =
      '<img src=x onerror="window.__xss=1"> <script>window.__xss=2</script> [click](javascript:window.__xss=3) **bold**';
    await page.getByRole('main').getByRole('textbox', { name: 'Write a post' }).fill(payload);
    await page.getByRole('main').getByRole('button', { name: 'Post', exact: true }).click();
    const post = page.getByRole('article').first();
    await post.getByText('<img src=x onerror="window.__xss=1">', { exact: false }).waitFor();
    await post.getByText('<script>window.__xss=2</script>', { exact: false }).waitFor();
    expect(await post.locator('img[src="x"], script').count()).toBe(0);
    expect(await post.getByRole('link', { name: 'click' }).count()).toBe(0);
    expect(await post.locator('strong').innerText()).toBe('bold');
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
  });
});
