import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { apiCall, baseUrl, createGroup, signInByApi, subscribe, useBrowser } from './kit.ts';

const browser = useBrowser();
const admin = inject('admin');

describe('anonymous questions', () => {
  it('the host allows them; an anonymous question names nobody; an administrator reveals the asker, audited', async () => {
    const hostSide = await browser.signedIn('e2e_anhost');
    const group = await createGroup(hostSide.context.request, {
      name: 'Anonymous Test',
      slug: `e2e-anon-${randomBytes(4).toString('hex')}`,
      ama: true,
    });

    // the host turns anonymous questions on in the group's settings
    const hostPage = hostSide.page;
    await hostPage.goto(`${baseUrl}/group/${group.slug}/edit`);
    const anonymous = hostPage.getByRole('switch', { name: 'Anonymous questions' });
    await anonymous.click();
    expect(await anonymous.getAttribute('aria-checked')).toBe('true');
    await hostPage.getByRole('button', { name: 'Save changes' }).click();
    await hostPage.waitForURL(`${baseUrl}/group/${group.slug}`);
    const saved = await apiCall<{ group: { anonymousQuestions: boolean } }>(
      hostSide.context.request,
      'GET',
      `/api/group-slugs/${group.slug}`,
    );
    expect(saved.group.anonymousQuestions).toBe(true);

    // a fan on a phone ticks "Ask anonymously" and asks
    const fanSide = await browser.signedIn('e2e_anfan', { width: 390, isMobile: true, hasTouch: true });
    await subscribe(fanSide.context.request, group.id);
    const fanPage = fanSide.page;
    await fanPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const text = `Can I ask this without my name? ${randomBytes(2).toString('hex')}`;
    const main = fanPage.getByRole('main');
    await main.getByRole('textbox', { name: 'Ask a question' }).fill(text);
    const box = main.getByRole('checkbox', { name: FAIR_QUEUE_MESSAGES.askAnonymously });
    await box.check();
    expect(await seriousAccessibilityViolations(fanPage)).toEqual([]);
    await main.getByRole('button', { name: 'Ask', exact: true }).click();
    const mine = main.getByRole('article').filter({ hasText: text });
    await mine.waitFor();
    await mine.getByText('Anonymous').first().waitFor();
    expect(await main.innerText()).not.toContain(fanSide.person.username);

    // the host's queue shows it as Anonymous, nowhere the fan's name
    await hostPage.goto(`${baseUrl}/group/${group.slug}?tab=questions`);
    const card = hostPage.getByRole('main').getByRole('article').filter({ hasText: text });
    await card.waitFor();
    await card.getByText('Anonymous').first().waitFor();
    expect(await hostPage.getByRole('main').innerText()).not.toContain(fanSide.person.username);
    expect(await seriousAccessibilityViolations(hostPage)).toEqual([]);

    // the question's own page, read signed out, names nobody either
    const visitor = await browser.newContext();
    const { questions } = await apiCall<{ questions: { id: string; body: string }[] }>(
      visitor.context.request,
      'GET',
      `/api/groups/${group.id}/questions`,
    );
    const asked = questions.find((question) => question.body === text);
    expect(asked).toBeDefined();
    await visitor.page.goto(`${baseUrl}/group/${group.slug}/question/${asked?.id ?? ''}`);
    await visitor.page.getByRole('main').getByText(text).first().waitFor();
    expect(await visitor.page.content()).not.toContain(fanSide.person.username);

    // an administrator sees Anonymous in the content list, and reveals the asker after a warning
    const { context, page } = await browser.newContext();
    await signInByApi(context.request, admin);
    await page.goto(`${baseUrl}/admin/content?type=question`);
    const row = page.getByRole('list', { name: 'Questions' }).getByRole('listitem').filter({ hasText: text });
    await row.waitFor();
    expect(await row.innerText()).toContain('Anonymous');
    expect(await row.innerText()).not.toContain(fanSide.person.username);
    await row.getByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reveal who asked?' });
    await confirm.getByText('recorded in the audit log', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: FAIR_QUEUE_MESSAGES.revealAsker }).click();
    await row.getByText(`@${fanSide.person.username}`, { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // the look is in the audit log, which does not name the asker
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${baseUrl}/admin/audit-log`);
    const entry = page
      .getByRole('list', { name: 'Audit log' })
      .getByRole('listitem')
      .filter({ hasText: 'Looked up who asked an anonymous question' })
      .filter({ hasText: 'Anonymous Test' })
      .first();
    await entry.waitFor();
    expect(await entry.innerText()).not.toContain(fanSide.person.username);
  });
});
