import { simpleParser } from 'mailparser';
import { describe, expect, inject, it } from 'vitest';
import { accessibilityViolations } from './axe.ts';
import { apiCall, askQuestion, baseUrl, createGroup, expectHttpErrors, subscribe, useBrowser } from './kit.ts';
import { waitForMail } from './mail-inbox.ts';

const browser = useBrowser();
const mailInboxUrl = inject('mailInboxUrl');

type SessionAnswer = { user: { profile: { emailSettings: { newAnswers: boolean } } } };

describe('the List-Unsubscribe link of a real e-mail, opened in a phone browser', () => {
  it('confirms before it unsubscribes, and offers to re-subscribe', async () => {
    const host = await browser.signedIn('e2e_unhost');
    const group = await createGroup(host.context.request, { name: 'Unsubscribe Club', ama: true });
    const reader = await browser.signedIn('e2e_unread');
    await subscribe(reader.context.request, group.id);
    const questionId = await askQuestion(reader.context.request, group.id, 'Will I get an e-mail about this?');
    await apiCall(host.context.request, 'PUT', `/api/questions/${questionId}/answer`, { body: 'You will.' }, 200);

    // the e-mail as a mail program reads it
    const received = await waitForMail(mailInboxUrl, reader.person.email, { subject: /answered your question/ });
    const parsed = await simpleParser(received.raw);
    const header = parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    const link = /<(https?:\/\/[^>]+)>/.exec(header.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';
    expect(link).toMatch(/\/api\/mail\/unsubscribe\?token=/);
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const newAnswers = async () =>
      (await apiCall<SessionAnswer>(reader.context.request, 'GET', '/api/accounts/session')).user.profile.emailSettings
        .newAnswers;

    // a phone's browser, not signed in: the link alone is the credential
    const { page } = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Unsubscribe from “New answers”?' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // opening it (twice) changed nothing
    await page.reload();
    await page.getByRole('heading', { name: 'Unsubscribe from “New answers”?' }).waitFor();
    expect(await newAnswers()).toBe(true);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed from “New answers”' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await newAnswers()).toBe(false);

    await page.getByRole('button', { name: 'Re-subscribe' }).click();
    await page.getByRole('heading', { name: 'You are subscribed to “New answers” again' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await newAnswers()).toBe(true);

    // and in the dark
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('a link that does not work says so, and points to the settings', async () => {
    const { page, problems } = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const opened = await page.goto(`${baseUrl}/api/mail/unsubscribe?token=u1.forged.link`);
    expect(opened?.status()).toBe(404);
    await expectHttpErrors(problems, 404);
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
    expect(await page.getByRole('link', { name: 'notification settings' }).getAttribute('href')).toBe(
      '/settings/notifications',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
