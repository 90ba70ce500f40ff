import { simpleParser } from 'mailparser';
import { describe, expect, inject, it } from 'vitest';
import { accessibilityViolations } from './axe.ts';
import {
  apiCall,
  askQuestion,
  baseUrl,
  createGroup,
  expectHttpErrors,
  signInByApi,
  subscribe,
  useBrowser,
  visit,
} from './kit.ts';
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

describe("the weekly digest: its schedule, and an administrator's preview", () => {
  it('a person chooses the day, hour and time zone of their digest on a phone', async () => {
    const reader = await browser.signedIn('e2e_digest', { width: 390, height: 844, isMobile: true, hasTouch: true });
    const { page } = reader;
    await visit(page, '/settings/notifications');
    const schedule = page.getByRole('region', { name: 'Weekly digest schedule' });
    await schedule.getByText('Turn on the weekly digest above to choose when it comes.').waitFor();
    expect(await schedule.getByLabel('Day').isDisabled()).toBe(true);

    await page.getByRole('switch', { name: 'Weekly digest' }).click();
    await schedule.getByText('When your weekly digest comes, in your time zone.').waitFor();
    await schedule.getByLabel('Day').selectOption({ label: 'Friday' });
    await page.getByText('Your weekly digest comes on Fridays at 08:00 (UTC).').waitFor();
    await schedule.getByLabel('Hour').selectOption({ label: '18:00' });
    await schedule.getByLabel('Time zone').selectOption('Europe/Paris');
    await expect
      .poll(
        async () =>
          (await apiCall<{ digestSchedule: unknown }>(reader.context.request, 'GET', '/api/me/digest-schedule'))
            .digestSchedule,
      )
      .toEqual({ weekday: 5, hour: 18, timeZone: 'Europe/Paris' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.reload();
    expect(await schedule.getByLabel('Day').inputValue()).toBe('5');
    expect(await schedule.getByLabel('Hour').inputValue()).toBe('18');
    expect(await schedule.getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await accessibilityViolations(page)).toEqual([]);

    // a browser in another time zone is offered its own, never switched to it silently
    const devtools = await reader.context.newCDPSession(page);
    await devtools.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
    await page.reload();
    const useMine = schedule.getByRole('button', { name: 'Use my time zone (Asia/Tokyo)' });
    await useMine.waitFor();
    expect(await schedule.getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
    expect(await accessibilityViolations(page)).toEqual([]);
    await useMine.click();
    await page.getByText('Your weekly digest comes on Fridays at 18:00 (Asia/Tokyo).').waitFor();
    expect(await schedule.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
    expect(await useMine.count()).toBe(0);
  });

  it('an administrator sends themselves a digest preview from /admin/mail', async () => {
    const admin = inject('admin');
    const { context, page } = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await signInByApi(context.request, admin);
    await visit(page, '/admin/mail');
    await page.getByRole('button', { name: 'Send me a digest preview' }).click();
    await page.getByText('Digest preview sent').waitFor();
    const preview = await waitForMail(mailInboxUrl, admin.email, { subject: /^\[Preview\] Your week on Townhall$/ });
    expect(preview.text).toContain('It does not count as your weekly digest.');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
