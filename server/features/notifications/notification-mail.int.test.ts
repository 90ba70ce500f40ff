import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailMessages, users } from '../../db/schema/index.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.ts';
import { verifyUnsubscribeToken } from '../mail/public.ts';
import { buildApp } from '../../app.ts';
import { testConfig, testMailOptions } from '../../test/app.ts';
import { NEW_ANSWER_MAIL_KIND } from './new-answer-mail.ts';
import { NEW_QUESTIONS_MAIL_KIND } from './new-questions-mail.ts';
import { WEEKLY_DIGEST_MAIL_KIND } from './weekly-digest.ts';
import { inject } from 'vitest';
import { ask, buildAmaCast, call, signUp, type TestPerson } from '../../test/factories.ts';

/** The hour of the default digest schedule (Mondays 08:00 UTC): every new account's digest hour. */
const MONDAY_8_UTC = new Date('2026-11-30T08:00:00Z');

const SECRET = 'test-secret-test-secret-test-secret-0123';

let app: FastifyInstance;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await buildApp({
    config: testConfig({ smtpUrl: smtp.url }),
    databaseUrl: inject('databaseUrl'),
    logger: false,
    mail: testMailOptions(),
    notifications: { newQuestionsDelaySeconds: 1, newQuestionsMinIntervalSeconds: 4 },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});
afterAll(async () => {
  await smtp?.close();
});

async function mailsOf(person: TestPerson, kind: string) {
  return app.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, person.id), eq(mailMessages.kind, kind)));
}

async function setEmailSettings(person: TestPerson, settings: Record<string, boolean>) {
  await app.db
    .update(users)
    .set({ emailSettings: sql`${users.emailSettings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(users.id, person.id));
}

const isMailTo = (person: TestPerson, subject: RegExp) => (received: ReceivedMail) =>
  received.envelope.to.includes(person.email) && subject.test(received.subject);

function unsubscribeCategory(mail: ReceivedMail) {
  const match = /<http:\/\/townhall\.test\/api\/mail\/unsubscribe\?token=([^>]+)>/.exec(
    mail.header('list-unsubscribe') ?? '',
  );
  return verifyUnsubscribeToken(decodeURIComponent(match?.[1] ?? ''), SECRET)?.category;
}

async function subscribe(person: TestPerson, groupId: string) {
  expect((await call(app, person, 'PUT', `/api/groups/${groupId}/subscription`)).statusCode).toBe(200);
}

describe("the 'newAnswers' e-mail", () => {
  it('goes to the asker and the upvoters whose settings allow it, once per answer, never to the host', async () => {
    const cast = await buildAmaCast(app);
    const [keen, off, gone] = await Promise.all([signUp(app, 'mkeen'), signUp(app, 'moff'), signUp(app, 'mgone')]);
    for (const person of [keen, off, gone]) await subscribe(person, cast.groupId);
    await setEmailSettings(off, { newAnswers: false });
    await setEmailSettings(gone, { unsubscribedAll: true });
    const question = await ask(app, cast.subscriber, cast.groupId, 'How do you <b>pick</b> topics?');
    for (const person of [keen, off, gone, cast.host]) {
      expect((await call(app, person, 'PUT', `/api/likes/question/${question.id}`)).statusCode).toBe(200);
    }
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'By votes' });
    expect(answered.statusCode, answered.body).toBe(200);
    await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'By votes, edited' });

    const toAsker = await smtp.waitFor(isMailTo(cast.subscriber, /answered your question/), 20_000);
    expect(toAsker.text).toContain('By votes');
    expect(toAsker.text).toContain('http://townhall.test/group/');
    expect(toAsker.text).toContain('http://townhall.test/settings/notifications');
    expect(toAsker.html).toContain('How do you &lt;b&gt;pick&lt;/b&gt; topics?');
    expect(unsubscribeCategory(toAsker)).toBe('newAnswers');
    await smtp.waitFor(isMailTo(keen, /answered a question you upvoted/), 20_000);

    expect(await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND)).toHaveLength(1);
    expect(await mailsOf(keen, NEW_ANSWER_MAIL_KIND)).toHaveLength(1);
    for (const person of [off, gone, cast.host]) expect(await mailsOf(person, NEW_ANSWER_MAIL_KIND)).toEqual([]);
  });
});

describe("the batched 'newQuestions' e-mail", () => {
  it('sends the host one e-mail for a burst of questions', async () => {
    const cast = await buildAmaCast(app);
    const askers = [cast.subscriber, cast.member, await signUp(app, 'mask')];
    await subscribe(askers[2] as TestPerson, cast.groupId);
    await Promise.all(askers.map((person, index) => ask(app, person, cast.groupId, `Burst question ${index}`)));

    const mail = await smtp.waitFor(isMailTo(cast.host, /new questions? in/), 20_000);
    expect(mail.subject).toMatch(/^3 new questions in /);
    for (const index of [0, 1, 2]) expect(mail.text).toContain(`Burst question ${index}`);
    expect(unsubscribeCategory(mail)).toBe('newQuestions');
    expect(mail.html).toContain('Manage your e-mail settings');

    await vi.waitFor(
      async () => {
        const result = await app.db.execute<{ state: string }>(
          sql`select state from pgboss.job where singleton_key = ${cast.host.id} and name like '%new-questions'`,
        );
        const states = result.rows.map((row) => row.state);
        if (states.length === 0 || states.some((state) => state !== 'completed')) throw new Error(states.join());
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await mailsOf(cast.host, NEW_QUESTIONS_MAIL_KIND)).toHaveLength(1);
  });

  it('is not sent when the host turned newQuestions off', async () => {
    const cast = await buildAmaCast(app);
    await setEmailSettings(cast.host, { newQuestions: false });
    await ask(app, cast.subscriber, cast.groupId, 'Nobody will e-mail this');
    await vi.waitFor(
      async () => {
        const result = await app.db.execute<{ state: string }>(
          sql`select state from pgboss.job where singleton_key = ${cast.host.id} and name like '%new-questions'`,
        );
        if (result.rows.length === 0 || result.rows.some((row) => row.state !== 'completed')) throw new Error('wait');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await mailsOf(cast.host, NEW_QUESTIONS_MAIL_KIND)).toEqual([]);
  });
});

describe('the weekly digest', () => {
  it('goes only to people who turned it on and have something to read', async () => {
    const cast = await buildAmaCast(app);
    const [reader, idle, unwilling] = await Promise.all([
      signUp(app, 'mread'),
      signUp(app, 'midle'),
      signUp(app, 'mnot'),
    ]);
    await subscribe(reader, cast.groupId);
    await subscribe(unwilling, cast.groupId);
    await setEmailSettings(reader, { weeklyDigest: true });
    await setEmailSettings(idle, { weeklyDigest: true });
    const question = await ask(app, cast.subscriber, cast.groupId, 'The top question of the week');
    await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'The top answer' });

    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    const digest = await smtp.waitFor(isMailTo(reader, /^Your week on Townhall$/), 20_000);
    expect(digest.text).toContain('The top question of the week');
    expect(digest.text).toContain('The top answer');
    expect(unsubscribeCategory(digest)).toBe('weeklyDigest');
    expect(digest.html).toContain('The top answer');

    // a second run in the same week sends nothing more
    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    const people = [reader, idle, unwilling, cast.subscriber];
    const rows = await app.db
      .select({ userId: mailMessages.userId })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.kind, WEEKLY_DIGEST_MAIL_KIND),
          inArray(
            mailMessages.userId,
            people.map((person) => person.id),
          ),
        ),
      );
    expect(rows.map((row) => row.userId)).toEqual([reader.id]);
  });
});
