import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../app.ts';
import { mailMessages, notifications, users } from '../../db/schema/index.ts';
import { testConfig, testMailOptions } from '../../test/app.ts';
import { grantAdmin } from '../admin/grant-admin.ts';
import { ACCOUNT_CANCEL_REASONS } from '../mail/delivery-checks.ts';
import { NEW_FOLLOWERS_MAIL_KIND } from '../profiles/new-followers-mail.ts';
import { NEW_AMA_MAIL_KIND } from '../sessions/notify-subscribers.ts';
import { CONTENT_CANCEL_REASONS } from './delivery-checks.ts';
import { NEW_ANSWER_MAIL_KIND } from './new-answer-mail.ts';
import { NEW_QUESTIONS_MAIL_KIND } from './new-questions-mail.ts';
import { WEEKLY_DIGEST_MAIL_KIND } from './weekly-digest.ts';
import { ask, buildAmaCast, call, schedule, setFollow, signUp, type TestPerson } from '../../test/factories.ts';

/** The hour of the default digest schedule (Mondays 08:00 UTC): every new account's digest hour. */
const MONDAY_8_UTC = new Date('2026-11-30T08:00:00Z');

// The mail worker of this app polls once an hour: a queued e-mail stays queued until `deliverNow`
// wakes it, so a test can change the world between queuing and delivery without racing it. The
// batch jobs (new questions, new followers) poll quickly. No SMTP: a delivered e-mail is 'stored'.
let app: FastifyInstance;
let admin: TestPerson;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    databaseUrl: inject('databaseUrl'),
    logger: false,
    mail: testMailOptions({ pollingIntervalSeconds: 3600 }),
    notifications: { newQuestionsDelaySeconds: 2, newQuestionsMinIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    profiles: { delaySeconds: 1, minIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  admin = await signUp(app, 'nadm');
  await grantAdmin(app.db, admin.email);
  // the worker's first look for jobs is over once this e-mail went: from here on it waits
  await deliverNow([]);
});
afterAll(async () => {
  await app?.close();
});

/** Wakes the mail worker (an e-mail sent outside a transaction does) and waits until `ids` left the queue. */
async function deliverNow(ids: readonly string[]) {
  const nudge = await app.mail.send({
    to: 'nudge@example.com',
    subject: 'Nudge',
    text: 'Wakes the worker',
    html: '<p>Wakes the worker</p>',
    kind: 'test_nudge',
  });
  await vi.waitFor(
    async () => {
      const rows = await app.db
        .select({ status: mailMessages.status })
        .from(mailMessages)
        .where(inArray(mailMessages.id, [nudge, ...ids]));
      if (rows.length !== ids.length + 1 || rows.some((row) => row.status === 'queued')) throw new Error('queued');
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function disable(person: TestPerson) {
  const response = await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`);
  expect(response.statusCode, response.body).toBe(200);
}

async function mailsOf(person: TestPerson, kind: string) {
  return app.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, person.id), eq(mailMessages.kind, kind)));
}

async function notificationsOf(person: TestPerson, kind: typeof notifications.$inferSelect.kind) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, person.id), eq(notifications.kind, kind)));
}

async function setEmailSettings(person: TestPerson, settings: Record<string, boolean>) {
  await app.db
    .update(users)
    .set({ emailSettings: sql`${users.emailSettings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(users.id, person.id));
}

async function subscribe(person: TestPerson, groupId: string) {
  expect((await call(app, person, 'PUT', `/api/groups/${groupId}/subscription`)).statusCode).toBe(200);
}

async function upvote(person: TestPerson, questionId: string) {
  expect((await call(app, person, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(200);
}

async function answer(host: TestPerson, questionId: string, body = 'The answer') {
  const response = await call(app, host, 'PUT', `/api/questions/${questionId}/answer`, { body });
  expect(response.statusCode, response.body).toBe(200);
}

/** Waits until every batch job keyed by `person` (new questions, new followers) has run, and one existed. */
async function batchJobsDone(person: TestPerson) {
  await vi.waitFor(
    async () => {
      const result = await app.db.execute<{ state: string }>(
        sql`select state from pgboss.job where singleton_key = ${person.id}`,
      );
      const states = result.rows.map((row) => row.state);
      if (states.length === 0 || states.some((state) => state !== 'completed')) throw new Error(states.join());
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe("'newAnswers': disabled accounts, and questions that went out of sight", () => {
  it('queues neither the e-mail nor the in-app notification for a disabled asker or upvoter', async () => {
    const cast = await buildAmaCast(app);
    const [voter, disabledVoter] = [await signUp(app, 'nvot'), await signUp(app, 'nvod')];
    for (const person of [voter, disabledVoter]) await subscribe(person, cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Asked by someone disabled later');
    for (const person of [voter, disabledVoter]) await upvote(person, question.id);
    await disable(cast.subscriber);
    await disable(disabledVoter);

    await answer(cast.host, question.id);
    for (const person of [cast.subscriber, disabledVoter]) {
      expect(await mailsOf(person, NEW_ANSWER_MAIL_KIND)).toEqual([]);
      expect(await notificationsOf(person, 'new_answer')).toEqual([]);
    }
    expect(await mailsOf(voter, NEW_ANSWER_MAIL_KIND)).toHaveLength(1);
    expect(await notificationsOf(voter, 'new_answer')).toHaveLength(1);
  });

  it('cancels, at delivery, the e-mail of an account disabled after it was queued', async () => {
    const cast = await buildAmaCast(app);
    const voter = await signUp(app, 'nvlt');
    await subscribe(voter, cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Answered, then the voter is disabled');
    await upvote(voter, question.id);
    await answer(cast.host, question.id);
    const [toVoter] = await mailsOf(voter, NEW_ANSWER_MAIL_KIND);
    const [toAsker] = await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND);
    expect(toVoter?.status).toBe('queued');

    await disable(voter);
    await deliverNow([toVoter?.id ?? '', toAsker?.id ?? '']);
    const [voterAfter] = await mailsOf(voter, NEW_ANSWER_MAIL_KIND);
    expect(voterAfter).toMatchObject({ status: 'cancelled', lastError: ACCOUNT_CANCEL_REASONS.disabled });
    expect((await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND))[0]?.status).toBe('stored');
  });

  it('cancels it when the question is hidden before delivery, except to its author, who still sees it', async () => {
    const cast = await buildAmaCast(app);
    const voter = await signUp(app, 'nvhd');
    await subscribe(voter, cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Answered, then hidden');
    await upvote(voter, question.id);
    await answer(cast.host, question.id);
    const hidden = await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const ids = [
      ...(await mailsOf(voter, NEW_ANSWER_MAIL_KIND)),
      ...(await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND)),
    ];
    expect(ids).toHaveLength(2);
    await deliverNow(ids.map((row) => row.id));
    expect((await mailsOf(voter, NEW_ANSWER_MAIL_KIND))[0]).toMatchObject({
      status: 'cancelled',
      lastError: CONTENT_CANCEL_REASONS.question,
    });
    expect((await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND))[0]?.status).toBe('stored');
  });

  it('cancels it for everyone when the question is deleted before delivery', async () => {
    const cast = await buildAmaCast(app);
    const voter = await signUp(app, 'nvdl');
    await subscribe(voter, cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Answered, then deleted');
    await upvote(voter, question.id);
    await answer(cast.host, question.id);
    const deleted = await call(app, cast.subscriber, 'DELETE', `/api/questions/${question.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const rows = [
      ...(await mailsOf(voter, NEW_ANSWER_MAIL_KIND)),
      ...(await mailsOf(cast.subscriber, NEW_ANSWER_MAIL_KIND)),
    ];
    expect(rows).toHaveLength(2);
    await deliverNow(rows.map((row) => row.id));
    for (const person of [voter, cast.subscriber]) {
      expect((await mailsOf(person, NEW_ANSWER_MAIL_KIND))[0]).toMatchObject({
        status: 'cancelled',
        lastError: CONTENT_CANCEL_REASONS.question,
      });
    }
  });
});

describe("the batched 'newQuestions' e-mail", () => {
  it('is not made for a disabled host', async () => {
    const cast = await buildAmaCast(app);
    await disable(cast.host);
    await ask(app, cast.subscriber, cast.groupId, 'Nobody hosts this any more');
    await batchJobsDone(cast.host);
    expect(await mailsOf(cast.host, NEW_QUESTIONS_MAIL_KIND)).toEqual([]);
  });

  it('leaves out the questions hidden or deleted before the batch', async () => {
    const cast = await buildAmaCast(app);
    const kept = await ask(app, cast.subscriber, cast.groupId, 'Kept question');
    const hidden = await ask(app, cast.member, cast.groupId, 'Hidden question');
    const deleted = await ask(app, cast.subscriber, cast.groupId, 'Deleted question');
    const hide = await call(app, cast.host, 'PATCH', `/api/questions/${hidden.id}/moderation`, { isHidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${deleted.id}`)).statusCode).toBe(204);

    await batchJobsDone(cast.host);
    const [mail, ...more] = await mailsOf(cast.host, NEW_QUESTIONS_MAIL_KIND);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^New question in .+: “Kept question”$/);
    expect(mail?.textBody).toContain(kept.body);
    expect(mail?.textBody).not.toContain('Hidden question');
    expect(mail?.textBody).not.toContain('Deleted question');
  });
});

describe("the batched 'newFollowers' e-mail", () => {
  it('is not made for a disabled person, and does not name or count disabled followers', async () => {
    const [star, closed, fan, shut] = [
      await signUp(app, 'nstar'),
      await signUp(app, 'nclos'),
      await signUp(app, 'nfan'),
      await signUp(app, 'nshut'),
    ];
    await setFollow(app, fan, closed.id, true);
    await disable(closed);
    await setFollow(app, fan, star.id, true);
    await setFollow(app, shut, star.id, true);
    await disable(shut);

    await batchJobsDone(closed);
    await batchJobsDone(star);
    expect(await mailsOf(closed, NEW_FOLLOWERS_MAIL_KIND)).toEqual([]);
    const [mail, ...more] = await mailsOf(star, NEW_FOLLOWERS_MAIL_KIND);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`${fan.username} (@${fan.username}) followed you on Townhall`);
    expect(mail?.textBody).not.toContain(shut.username);
  });
});

describe('AMA sessions', () => {
  it("gives a disabled subscriber neither 'new_ama' nor 'ama_starting', in the bell or by e-mail", async () => {
    const cast = await buildAmaCast(app);
    const shut = await signUp(app, 'nama');
    await subscribe(shut, cast.groupId);
    await disable(shut);
    const session = await schedule(app, cast.host, cast.groupId);
    const started = await call(app, cast.host, 'POST', `/api/sessions/${session.id}/start`);
    expect(started.statusCode, started.body).toBe(200);

    expect(await notificationsOf(shut, 'new_ama')).toEqual([]);
    expect(await notificationsOf(shut, 'ama_starting')).toEqual([]);
    expect(await mailsOf(shut, NEW_AMA_MAIL_KIND)).toEqual([]);
    expect(await notificationsOf(cast.subscriber, 'new_ama')).toHaveLength(1);
    expect(await notificationsOf(cast.subscriber, 'ama_starting')).toHaveLength(1);
    expect(await mailsOf(cast.subscriber, NEW_AMA_MAIL_KIND)).toHaveLength(1);
  });

  it("cancels a 'newAMAs' e-mail whose session was deleted before delivery", async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const [mail] = await mailsOf(cast.subscriber, NEW_AMA_MAIL_KIND);
    expect(mail?.status).toBe('queued');
    expect((await call(app, cast.host, 'DELETE', `/api/sessions/${session.id}`)).statusCode).toBe(204);

    await deliverNow([mail?.id ?? '']);
    expect((await mailsOf(cast.subscriber, NEW_AMA_MAIL_KIND))[0]).toMatchObject({
      status: 'cancelled',
      lastError: CONTENT_CANCEL_REASONS.session,
    });
  });
});

describe('the weekly digest', () => {
  it('skips disabled accounts and lists only what everyone may see', async () => {
    const cast = await buildAmaCast(app);
    const [reader, shut] = [await signUp(app, 'nrd'), await signUp(app, 'nrds')];
    for (const person of [reader, shut]) {
      await subscribe(person, cast.groupId);
      await setEmailSettings(person, { weeklyDigest: true });
    }
    const shown = await ask(app, cast.subscriber, cast.groupId, 'A question everyone sees');
    const hidden = await ask(app, cast.member, cast.groupId, 'A question the host hid');
    await answer(cast.host, hidden.id, 'An answer to a hidden question');
    await call(app, cast.host, 'PATCH', `/api/questions/${hidden.id}/moderation`, { isHidden: true });
    // disabled straight in the database, as an operator might
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, shut.id));

    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    expect(await mailsOf(shut, WEEKLY_DIGEST_MAIL_KIND)).toEqual([]);
    const [digest] = await mailsOf(reader, WEEKLY_DIGEST_MAIL_KIND);
    expect(digest?.textBody).toContain(shown.body);
    expect(digest?.textBody).not.toContain('A question the host hid');
    expect(digest?.textBody).not.toContain('An answer to a hidden question');
  });
});

describe('security e-mails', () => {
  it('sends no password reset link to a disabled account (the request is answered as usual)', async () => {
    const person = await signUp(app, 'nrst');
    await disable(person);
    const response = await call(app, null, 'POST', '/api/accounts/password-reset', { email: person.email });
    expect(response.statusCode).toBe(204);
    await vi.waitFor(
      async () => {
        const [mail] = await mailsOf(person, 'password_reset');
        if (!mail || mail.status === 'queued') throw new Error('not yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await mailsOf(person, 'password_reset'))[0]).toMatchObject({
      status: 'cancelled',
      lastError: ACCOUNT_CANCEL_REASONS.disabled,
    });
  });
});
