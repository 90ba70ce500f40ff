import { describe, expect, inject, it } from 'vitest';
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
import { waitForMail } from './mail-inbox.ts';

const browser = useBrowser();
const mailInboxUrl = inject('mailInboxUrl');

describe('notification e-mails follow each person’s settings', () => {
  it('newAnswers and newAMAs reach the real SMTP server only for those whose settings allow it', async () => {
    const host = await browser.signedIn('e2e_host');
    const group = await createGroup(host.context.request, { name: 'Mail Test Group', ama: true });

    const keen = await browser.signedIn('e2e_keen'); // default settings: newAnswers and newAMAs on
    const quiet = await browser.signedIn('e2e_quiet'); // turns both off
    const gone = await browser.signedIn('e2e_gone'); // unsubscribed from everything
    for (const [fan, settings] of [
      [quiet, { newAnswers: false, newAMAs: false }],
      [gone, { unsubscribedAll: true }],
    ] as const) {
      await apiCall(fan.context.request, 'PATCH', `/api/users/${fan.id}/email-settings`, settings, 200);
    }

    const questionIds: string[] = [];
    for (const fan of [keen, quiet, gone]) {
      await subscribe(fan.context.request, group.id);
      questionIds.push(await askQuestion(fan.context.request, group.id, `A question from ${fan.person.username}?`));
    }
    for (const questionId of questionIds) {
      const answer = { body: 'Here is the answer.' };
      await apiCall(host.context.request, 'PUT', `/api/questions/${questionId}/answer`, answer, 200);
    }
    await scheduleSession(host.context.request, group.id, {
      title: 'Friday bake-along',
      description: 'Live.',
      startsAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      durationMinutes: 60,
    });

    const answerMail = await waitForMail(mailInboxUrl, keen.person.email, { subject: /answered your question/ });
    expect(answerMail.text).toContain('Here is the answer.');
    const amaMail = await waitForMail(mailInboxUrl, keen.person.email, { subject: /^New AMA in Mail Test Group/ });
    expect(amaMail.text).toContain('Friday bake-along');
    for (const person of [quiet.person, gone.person]) {
      await expect(
        waitForMail(mailInboxUrl, person.email, { subject: /answered your question|New AMA/, timeoutMs: 2_000 }),
      ).rejects.toThrow();
    }

    // The in-app bell counts the answer and the new session for the keen fan.
    const { context, page } = await browser.newContext();
    await signInByApi(context.request, keen.person);
    await page.goto(`${baseUrl}/groups`);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText('answered your question', { exact: false }).waitFor();
    await list.getByText('New AMA in Mail Test Group', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
  });
});
