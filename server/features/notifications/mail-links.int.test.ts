import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DIGEST_SCHEDULE_MESSAGES } from '#shared/schemas/digest-schedule.ts';
import { buildApp } from '../../app.ts';
import { adminAuditLog, groups, mailMessages, users } from '../../db/schema/index.ts';
import { ask, buildAmaCast, call, schedule, setFollow, signUp, type TestPerson } from '../../test/factories.ts';
import { testConfig, testMailOptions } from '../../test/app.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.ts';
import { DIGEST_PREVIEW_MAIL_KIND, WEEKLY_DIGEST_MAIL_KIND } from './weekly-digest.ts';

const SITE = 'http://townhall.test';
/** The hour of the default digest schedule (Mondays 08:00 UTC): every new account's digest hour. */
const MONDAY_8_UTC = new Date('2026-11-30T08:00:00Z');

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
    profiles: { delaySeconds: 1, minIntervalSeconds: 4 },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A received e-mail as a mail program reads it (mailparser), with every link of both parts. */
interface ReadMail {
  parsed: ParsedMail;
  htmlLinks: string[];
  textLinks: string[];
}

async function read(received: ReceivedMail): Promise<ReadMail> {
  const parsed = await simpleParser(received.raw);
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const htmlLinks = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const textLinks = [...(parsed.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return { parsed, htmlLinks, textLinks };
}

/** The first e-mail to `person` whose subject matches, parsed. */
async function mailTo(person: TestPerson, subject: RegExp): Promise<ReadMail> {
  const received = await smtp.waitFor(
    (mail) => mail.envelope.to.includes(person.email) && subject.test(mail.subject),
    20_000,
  );
  return read(received);
}

/** Both parts link to `url`, and the message carries one-click unsubscribe. */
function expectLinksTo(mail: ReadMail, url: string) {
  expect(mail.htmlLinks).toContain(url);
  expect(mail.textLinks).toContain(url);
  // the header lines as sent, unfolded (RFC 5322 §2.2.3)
  const lines = new Map(mail.parsed.headerLines.map((header) => [header.key, header.line.replace(/\r\n[ \t]+/g, ' ')]));
  expect(lines.get('list-unsubscribe')).toMatch(
    /^List-Unsubscribe: <http:\/\/townhall\.test\/api\/mail\/unsubscribe\?token=[^>]+>$/,
  );
  expect(lines.get('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
}

async function slugOf(groupId: string): Promise<string> {
  const [row] = await app.db.select({ slug: groups.slug }).from(groups).where(eq(groups.id, groupId));
  return row!.slug;
}

async function setSettings(person: TestPerson, settings: Record<string, boolean>) {
  await app.db
    .update(users)
    .set({ emailSettings: sql`${users.emailSettings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(users.id, person.id));
}

const questionUrl = (slug: string, id: string) => `${SITE}/group/${slug}/question/${id}`;

describe('every e-mail links to the exact item it speaks of', () => {
  it('a new answer links to the question, not to the group', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Where does the answer link go?');
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Here' });
    expect(answered.statusCode, answered.body).toBe(200);
    const mail = await mailTo(cast.subscriber, /answered your question/);
    expectLinksTo(mail, questionUrl(slug, question.id));
    expect([...mail.htmlLinks, ...mail.textLinks].some((link) => link.includes('?tab=questions'))).toBe(false);
  });

  it('new questions link each question to its page', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const first = await ask(app, cast.subscriber, cast.groupId, 'The first new question for the host');
    const mail = await mailTo(cast.host, /^New question in /);
    expectLinksTo(mail, questionUrl(slug, first.id));
    expect(mail.parsed.text).toContain('The first new question for the host');
  });

  it('a new AMA links to its session', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Linked session' });
    const mail = await mailTo(cast.subscriber, /^New AMA in .*Linked session/);
    expectLinksTo(mail, `${SITE}/event/${session.id}`);
  });

  it('new followers link to the followers page', async () => {
    const [star, fan] = await Promise.all([signUp(app, 'lstar'), signUp(app, 'lfan')]);
    expect((await setFollow(app, fan, star.id, true)).statusCode).toBe(200);
    const mail = await mailTo(star, /followed you on Townhall$/);
    expectLinksTo(mail, `${SITE}/${star.username}/followers`);
  });

  it('a merged question links to the question it went into', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const asker = await signUp(app, 'lmrg');
    expect((await call(app, asker, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    const kept = await ask(app, cast.subscriber, cast.groupId, 'How do merges link, the kept one?');
    const dup = await ask(app, asker, cast.groupId, 'How do merges link, the duplicate?');
    const merged = await call(app, cast.host, 'POST', `/api/questions/${dup.id}/merge`, { intoQuestionId: kept.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const mail = await mailTo(asker, /was merged into another/);
    expectLinksTo(mail, questionUrl(slug, kept.id));
  });

  it("a merged question's voter is sent to the question it went into, and so is the asker when it was answered already", async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const [asker, voter] = await Promise.all([signUp(app, 'lmra'), signUp(app, 'lmrv')]);
    for (const person of [asker, voter]) {
      expect((await call(app, person, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    }
    const open = await ask(app, cast.subscriber, cast.groupId, 'Which camera, the kept open one?');
    const answered = await ask(app, cast.subscriber, cast.groupId, 'Which lens, the kept answered one?');
    const toOpen = await ask(app, cast.member, cast.groupId, 'Which camera, the duplicate?');
    const toAnswered = await ask(app, asker, cast.groupId, 'Which lens, the duplicate?');
    expect((await call(app, voter, 'PUT', `/api/likes/question/${toOpen.id}`)).statusCode).toBe(200);
    const answer = await call(app, cast.host, 'PUT', `/api/questions/${answered.id}/answer`, { body: 'A prime' });
    expect(answer.statusCode, answer.body).toBe(200);
    for (const [from, into] of [
      [toOpen, open],
      [toAnswered, answered],
    ] as const) {
      const merged = await call(app, cast.host, 'POST', `/api/questions/${from.id}/merge`, { intoQuestionId: into.id });
      expect(merged.statusCode, merged.body).toBe(200);
    }
    const voters = await mailTo(
      voter,
      /^A question you upvoted was merged into another: “Which camera, the duplicate\?”$/,
    );
    expectLinksTo(voters, questionUrl(slug, open.id));
    expect(voters.parsed.text).toContain('The answer will come on that question.');
    const askers = await mailTo(asker, /^Your question was merged into an answered question: /);
    expectLinksTo(askers, questionUrl(slug, answered.id));
    expect(askers.parsed.text).toContain('That question was answered already: see the answer there.');
  });

  it('the anonymous asker of a merged question is sent the answer, linking to the question it went into', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const asker = await signUp(app, 'lmrn');
    expect((await call(app, asker, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
    ).toBe(200);
    const kept = await ask(app, cast.subscriber, cast.groupId, 'Where do you record, the kept one?');
    const asked = await call(app, asker, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'Where do you record, anonymously?',
      anonymous: true,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const merged = await call(app, asker, 'POST', `/api/questions/${asked.json().question.id}/merge`, {
      intoQuestionId: kept.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const answer = await call(app, cast.host, 'PUT', `/api/questions/${kept.id}/answer`, { body: 'At home' });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await mailTo(
      asker,
      / answered the question yours was merged into: “Where do you record, the kept one\?”$/,
    );
    expectLinksTo(mail, questionUrl(slug, kept.id));
    expect(mail.parsed.text).toContain('At home');
  });
});

describe('the weekly digest', () => {
  it('links each question and answer to its page', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const reader = await signUp(app, 'ldig');
    expect((await call(app, reader, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    await setSettings(reader, { weeklyDigest: true });
    const asked = await ask(app, cast.subscriber, cast.groupId, 'A digest question with its own page');
    const answeredOne = await ask(app, cast.subscriber, cast.groupId, 'A digest question that got an answer');
    await call(app, cast.host, 'PUT', `/api/questions/${answeredOne.id}/answer`, { body: 'The digest answer' });

    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    const mail = await mailTo(reader, /^Your week on Townhall$/);
    expectLinksTo(mail, questionUrl(slug, asked.id));
    expectLinksTo(mail, questionUrl(slug, answeredOne.id));
    expect(mail.parsed.text).toContain('The digest answer');
  });

  it("comes on each person's own day and hour, in their time zone, once", async () => {
    const cast = await buildAmaCast(app);
    const reader = await signUp(app, 'ltz');
    expect((await call(app, reader, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    await setSettings(reader, { weeklyDigest: true });
    await ask(app, cast.subscriber, cast.groupId, 'Something to read in Tokyo');
    // Wednesdays at 15:00 in Tokyo (UTC+9) is Wednesdays at 06:00 UTC
    const saved = await call(app, reader, 'PUT', '/api/me/digest-schedule', {
      weekday: 3,
      hour: 15,
      timeZone: 'asia/tokyo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ digestSchedule: { weekday: 3, hour: 15, timeZone: 'Asia/Tokyo' } });

    const digestsOf = async () =>
      app.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(eq(mailMessages.userId, reader.id), eq(mailMessages.kind, WEEKLY_DIGEST_MAIL_KIND)));
    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    await app.notificationJobs.runWeeklyDigest(new Date('2026-12-02T15:00:00Z'));
    expect(await digestsOf()).toHaveLength(0);
    await app.notificationJobs.runWeeklyDigest(new Date('2026-12-02T06:00:00Z'));
    expect(await digestsOf()).toHaveLength(1);
    // the same hour again (a retry, or clocks going back) sends nothing more
    await app.notificationJobs.runWeeklyDigest(new Date('2026-12-02T06:30:00Z'));
    expect(await digestsOf()).toHaveLength(1);
  });
});

describe('the digest schedule API', () => {
  it('reads the default, saves a new one, and refuses bad input with a sentence', async () => {
    const person = await signUp(app, 'lsch');
    const read = await call(app, person, 'GET', '/api/me/digest-schedule');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ digestSchedule: { weekday: 1, hour: 8, timeZone: 'UTC' } });

    const badZone = await call(app, person, 'PUT', '/api/me/digest-schedule', {
      weekday: 1,
      hour: 8,
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.message).toBe(DIGEST_SCHEDULE_MESSAGES.invalidTimeZone);
    for (const body of [
      { weekday: 7, hour: 8, timeZone: 'UTC' },
      { weekday: 1, hour: 24, timeZone: 'UTC' },
      { weekday: 1.5, hour: 8, timeZone: 'UTC' },
      { weekday: 1, hour: 8 },
      { weekday: 1, hour: 8, timeZone: 'UTC', extra: true },
    ]) {
      const refused = await call(app, person, 'PUT', '/api/me/digest-schedule', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message.length).toBeGreaterThan(10);
    }
    const saved = await call(app, person, 'PUT', '/api/me/digest-schedule', {
      weekday: 0,
      hour: 23,
      timeZone: 'America/New_York',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(app, person, 'GET', '/api/me/digest-schedule')).json()).toEqual({
      digestSchedule: { weekday: 0, hour: 23, timeZone: 'America/New_York' },
    });
    expect((await call(app, null, 'GET', '/api/me/digest-schedule')).statusCode).toBe(401);
    expect(
      (await call(app, null, 'PUT', '/api/me/digest-schedule', { weekday: 0, hour: 1, timeZone: 'UTC' })).statusCode,
    ).toBe(401);
  });
});

describe('the digest preview of an administrator', () => {
  it('goes to the administrator only, marked, audited, and never stands for the real digest', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const admin = await signUp(app, 'ladm');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect((await call(app, admin, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    await setSettings(admin, { weeklyDigest: true });
    const question = await ask(app, cast.subscriber, cast.groupId, 'What the preview shows');

    expect((await call(app, cast.subscriber, 'POST', '/api/admin/digest-preview')).statusCode).toBe(403);
    expect((await call(app, null, 'POST', '/api/admin/digest-preview')).statusCode).toBe(401);

    const sent = await call(app, admin, 'POST', '/api/admin/digest-preview');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: admin.email });
    const preview = await mailTo(admin, /^\[Preview\] Your week on Townhall$/);
    expectLinksTo(preview, questionUrl(slug, question.id));
    expect(preview.parsed.text).toContain('It does not count as your weekly digest.');
    // one message, to the administrator's own address and no one else
    const previews = smtp.messages.filter((mail) => mail.subject.startsWith('[Preview]') && mail.raw.includes(slug));
    expect(previews.map((mail) => mail.envelope.to)).toEqual([[admin.email]]);
    const rows = await app.db
      .select({ to: mailMessages.toAddress })
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, admin.id), eq(mailMessages.kind, DIGEST_PREVIEW_MAIL_KIND)));
    expect(rows).toEqual([{ to: admin.email }]);
    const [audit] = await app.db
      .select({ action: adminAuditLog.action, summary: adminAuditLog.summary })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, 'mail.digest_preview')));
    expect(audit?.summary).toContain(admin.email);

    // the real digest still comes on the admin's hour
    await app.notificationJobs.runWeeklyDigest(MONDAY_8_UTC);
    await mailTo(admin, /^Your week on Townhall$/);
  });

  it('with nothing in their groups, says so', async () => {
    const admin = await signUp(app, 'ladn');
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect((await call(app, admin, 'POST', '/api/admin/digest-preview')).statusCode).toBe(200);
    const preview = await mailTo(admin, /^\[Preview\] Your week on Townhall$/);
    expect(preview.parsed.text).toContain('Nothing this week in the groups you subscribe to.');
  });
});
