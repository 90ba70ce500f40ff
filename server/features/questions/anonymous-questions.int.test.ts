import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { ANONYMOUS_AUTHOR, QuestionResponseSchema } from '#shared/schemas/questions.ts';
import { buildApp } from '../../app.ts';
import { adminAuditLog, mailMessages, notifications, questions } from '../../db/schema/index.ts';
import { testConfig, testMailOptions } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import {
  buildAmaCast,
  call,
  createGroup,
  patchProfile,
  schedule,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';
import { grantAdmin } from '../admin/grant-admin.ts';
import { NEW_QUESTIONS_MAIL_KIND } from '../notifications/new-questions-mail.ts';
import { QUESTION_RATE_RULES } from './rate-rules.ts';

let app: FastifyInstance;
let baseUrl: string;
const sockets: TestLiveSocket[] = [];

beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    databaseUrl: inject('databaseUrl'),
    logger: false,
    mail: testMailOptions(),
    notifications: { newQuestionsDelaySeconds: 1, newQuestionsMinIntervalSeconds: 1 },
  });
  await app.ready();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
});

async function connect(person?: TestPerson): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, ...(person ? { cookie: person.cookie } : {}) });
  sockets.push(socket);
  await socket.next((message) => message.type === 'welcome');
  return socket;
}

const askRaw = (person: TestPerson | null, groupId: string, input: object) =>
  call(app, person, 'POST', `/api/groups/${groupId}/questions`, input);

/** An ama group that takes anonymous questions, and an asker with a name nobody else has. */
async function anonymousCast() {
  const cast = await buildAmaCast(app);
  expect(
    (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
  ).toBe(200);
  const asker = await signUp(app, 'secret');
  const name = `Zebulon Quarrington ${asker.id.slice(0, 6)}`;
  expect((await patchProfile(app, asker, asker.id, { name })).statusCode).toBe(200);
  expect((await setSubscription(app, asker, cast.groupId, true)).statusCode).toBe(200);
  /** What must never appear in anything another person reads. */
  const secrets = [asker.id, asker.username, name, asker.email];
  return { ...cast, asker, name, secrets };
}

function expectNoSecret(where: string, text: string, secrets: string[]) {
  for (const secret of secrets) {
    expect(text.toLowerCase().includes(secret.toLowerCase()), `${where} names the asker (${secret})`).toBe(false);
  }
}

describe('asking anonymously', () => {
  it('is allowed only where the group takes anonymous questions, to whoever may ask', async () => {
    const cast = await buildAmaCast(app);
    const refused = await askRaw(cast.subscriber, cast.groupId, { body: 'Who am I?', anonymous: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FAIR_QUEUE_MESSAGES.anonymousNotAllowed);
    // anonymous: false is an ordinary ask
    expect((await askRaw(cast.subscriber, cast.groupId, { body: 'Named', anonymous: false })).statusCode).toBe(201);

    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
    ).toBe(200);
    const asked = await askRaw(cast.subscriber, cast.groupId, { body: 'Who am I now?', anonymous: true });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = QuestionResponseSchema.parse(asked.json()).question;
    expect(question.isAnonymous).toBe(true);
    expect(question.author).toEqual(ANONYMOUS_AUTHOR);
    // the asker's own view knows it is theirs only by what they may do
    expect(question.permissions).toEqual({ canEdit: true, canDelete: true });
    // the row keeps its real author
    const [row] = await app.db.select().from(questions).where(eq(questions.id, question.id));
    expect(row?.authorId).toBe(cast.subscriber.id);
    expect(row?.isAnonymous).toBe(true);

    // the rule still decides who may ask: a guest is sent to the gate, signed out to sign in
    const guest = await askRaw(cast.guest, cast.groupId, { body: 'A guest?', anonymous: true });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().error.code).toBe('subscription_required');
    expect((await askRaw(null, cast.groupId, { body: 'Nobody?', anonymous: true })).statusCode).toBe(401);
  });

  it('spends the real account’s rate limit, and a disabled account cannot ask', async () => {
    const cast = await anonymousCast();
    // the hour's budget all but spent on the asker's account (written directly: 29 real asks would
    // crowd the other files' newest-first lists of the shared database)
    const rule = QUESTION_RATE_RULES.questionsPerAccount;
    for (let index = 0; index < rule.limit - 1; index += 1) await app.rateLimit.reserve(rule, cast.asker.id);
    expect((await askRaw(cast.asker, cast.groupId, { body: 'The last one', anonymous: true })).statusCode).toBe(201);
    const over = await askRaw(cast.asker, cast.groupId, { body: 'One too many', anonymous: true });
    expect(over.statusCode).toBe(429);
    expect((await askRaw(cast.asker, cast.groupId, { body: 'Named, too many' })).statusCode).toBe(429);
    // someone else's budget is their own
    expect((await askRaw(cast.subscriber, cast.groupId, { body: 'Mine', anonymous: true })).statusCode).toBe(201);

    const admin = await signUp(app, 'anadm');
    await grantAdmin(app.db, admin.email);
    const other = await signUp(app, 'anoff');
    expect((await setSubscription(app, other, cast.groupId, true)).statusCode).toBe(200);
    expect((await call(app, admin, 'POST', `/api/admin/users/${other.id}/disable`)).statusCode).toBe(200);
    expect((await askRaw(other, cast.groupId, { body: 'Still here?', anonymous: true })).statusCode).toBe(401);
  });
});

describe('nobody reads who asked an anonymous question', () => {
  it('in any response, search, notification, e-mail, transcript, preview or live event', async () => {
    const cast = await anonymousCast();
    const admin = await signUp(app, 'anlook');
    await grantAdmin(app.db, admin.email);
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Anonymous hour' });
    const [slugRow] = (await app.db.execute<{ slug: string }>(sql`select slug from groups where id = ${cast.groupId}`))
      .rows;
    const slug = slugRow?.slug ?? '';

    const watcher = await connect();
    await watcher.subscribe(`group:${cast.groupId}`);
    await watcher.subscribe(`session:${session.id}`);
    const hostTab = await connect(cast.host);
    await hostTab.subscribe(`user:${cast.host.id}`);

    const body = 'Whisperword: how do you price commissions?';
    const asked = await askRaw(cast.asker, cast.groupId, { body, anonymous: true, sessionId: session.id });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = QuestionResponseSchema.parse(asked.json()).question;
    expectNoSecret('the ask’s own answer', asked.body, cast.secrets);
    await watcher.next((m) => m.type === 'event' && m.event === 'question.created');
    await hostTab.next((m) => m.type === 'event' && m.event === 'notification.created');

    // a vote, a comment by someone else and the host's answer: more to read, more events
    expect((await call(app, cast.subscriber, 'PUT', `/api/likes/question/${question.id}`)).statusCode).toBeLessThan(
      300,
    );
    const comment = await call(app, cast.member, 'POST', `/api/questions/${question.id}/comments`, {
      body: 'Good one',
    });
    expect(comment.statusCode, comment.body).toBeLessThan(300);

    const readers: [string, TestPerson | null][] = [
      ['signed out', null],
      ['a subscriber', cast.subscriber],
      ['the host', cast.host],
      ['a guest', cast.guest],
    ];
    const urls = [
      `/api/groups/${cast.groupId}/questions`,
      `/api/groups/${cast.groupId}/questions?sort=new`,
      `/api/groups/${cast.groupId}/questions?sort=fresh`,
      `/api/groups/${cast.groupId}/questions?sessionId=${session.id}`,
      `/api/questions/${question.id}`,
      `/api/questions/${question.id}/comments`,
      `/api/groups/${cast.groupId}/questions/similar?q=${encodeURIComponent('Whisperword price')}`,
      `/api/search?q=Whisperword&type=questions`,
      `/api/search/suggestions?q=Whisperword`,
      `/api/groups/${cast.groupId}/ledger`,
      `/group/${slug}/question/${question.id}`,
      `/group/${slug}?tab=questions`,
      `/event/${session.id}`,
    ];
    const readAll = async (label: string) => {
      for (const [who, person] of readers) {
        for (const url of urls) {
          const response = await call(app, person, 'GET', url);
          expect(response.statusCode, `${who} ${url}: ${response.body.slice(0, 200)}`).toBeLessThan(400);
          expectNoSecret(`${label}: ${url} read by ${who}`, response.body, cast.secrets);
        }
      }
      const feed = await call(app, cast.host, 'GET', '/api/me/feed');
      expect(feed.statusCode, feed.body).toBe(200);
      expectNoSecret(`${label}: the host's feed`, feed.body, cast.secrets);
      // the dashboard and the bell name the asker for their subscription (public): not for the question
      const dashboard = await call(app, cast.host, 'GET', '/api/me/dashboard');
      const aboutQuestion = (items: { target?: { id: string }; targetId?: string }[]) =>
        items.filter((entry) => entry.target?.id === question.id || entry.targetId === question.id);
      const asked = aboutQuestion(dashboard.json().activity);
      expect(asked.length).toBeGreaterThan(0);
      expectNoSecret(`${label}: the dashboard's items about it`, JSON.stringify(asked), cast.secrets);
      const bell = await call(app, cast.host, 'GET', '/api/notifications');
      const told = aboutQuestion(bell.json().notifications);
      expect(told.length).toBeGreaterThan(0);
      expectNoSecret(`${label}: the notifications about it`, JSON.stringify(told), cast.secrets);
      for (const format of ['json', 'md']) {
        const response = await call(app, cast.host, 'GET', `/api/sessions/${session.id}/transcript?format=${format}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).toContain('Whisperword');
        expect(response.body).toContain('Anonymous');
        expectNoSecret(`${label}: the ${format} transcript`, response.body, cast.secrets);
      }
      // an administrator's lists too: only the audited look tells (pages of the whole site's
      // questions, newest first, up to this one; the files beside this one keep asking, the burst
      // test a thousand at once)
      let cursor: string | null = null;
      let found = false;
      for (let page = 0; page < 1_000 && !found; page += 1) {
        const url: string = `/api/admin/content?type=question${cursor ? `&cursor=${cursor}` : ''}`;
        const content = await call(app, admin, 'GET', url);
        expect(content.statusCode).toBe(200);
        expectNoSecret(`${label}: the admin content list`, content.body, cast.secrets);
        found = content.body.includes('Whisperword');
        cursor = (content.json() as { nextCursor: string | null }).nextCursor;
        if (cursor === null) break;
      }
      expect(found).toBe(true);
      const users = await call(app, admin, 'GET', `/api/admin/users?q=${cast.asker.username}`);
      expect(users.json().users[0].counts.questions).toBe(0);
    };
    await readAll('asked');

    // the host's search finds the question, "Anonymous" as its author
    const found = await call(app, cast.host, 'GET', '/api/search?q=Whisperword&type=questions');
    expect(found.json().results[0]?.author).toEqual(ANONYMOUS_AUTHOR);
    const dashboard = await call(app, cast.host, 'GET', '/api/me/dashboard');
    const activity = dashboard.json().activity.find((item: { id: string }) => item.id === question.id);
    expect(activity?.actor).toEqual(ANONYMOUS_AUTHOR);

    // the host's notification names no actor, in its row as in the bell
    const rows = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.targetId, question.id), eq(notifications.kind, 'new_question')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorId).toBeNull();
    expectNoSecret('the notification rows', JSON.stringify(rows), cast.secrets);
    const bell = await call(app, cast.host, 'GET', '/api/notifications');
    const item = bell.json().notifications.find((entry: { targetId: string }) => entry.targetId === question.id);
    expect(item?.actor).toBeNull();

    // the host's e-mail about new questions quotes it and names nobody
    const mail = await vi.waitFor(
      async () => {
        const [found] = await app.db
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.userId, cast.host.id), eq(mailMessages.kind, NEW_QUESTIONS_MAIL_KIND)));
        if (!found) throw new Error('no e-mail yet');
        return found;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(mail.textBody).toContain('Whisperword');
    expect(mail.textBody).toContain('Anonymous');
    expectNoSecret('the new-questions e-mail', JSON.stringify(mail), cast.secrets);

    // answered, it still names nobody
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Fairly.' });
    expect(answered.statusCode).toBe(200);
    urls.push(`/api/groups/${cast.groupId}/questions?view=answered`);
    await readAll('answered');

    // every live event any of them heard
    expectNoSecret('the group’s live events', JSON.stringify(watcher.messages), cast.secrets);
    expectNoSecret('the host’s live events', JSON.stringify(hostTab.messages), cast.secrets);
  });

  it('is told to an administrator alone, and each look is in the audit log', async () => {
    const cast = await anonymousCast();
    const admin = await signUp(app, 'anrev');
    await grantAdmin(app.db, admin.email);
    const asked = await askRaw(cast.asker, cast.groupId, { body: 'Reveal me?', anonymous: true });
    const question = QuestionResponseSchema.parse(asked.json()).question;
    const url = `/api/admin/questions/${question.id}/author`;

    expect((await call(app, null, 'GET', url)).statusCode).toBe(401);
    for (const person of [cast.host, cast.subscriber, cast.asker]) {
      const refused = await call(app, person, 'GET', url);
      expect(refused.statusCode).toBe(403);
      expectNoSecret('a refused look', refused.body, cast.secrets);
    }
    const auditRows = () =>
      app.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, question.id))
        .orderBy(desc(adminAuditLog.id));
    expect(await auditRows()).toHaveLength(0);

    const look = await call(app, admin, 'GET', url);
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toEqual({ asker: { id: cast.asker.id, username: cast.asker.username, name: cast.name } });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ adminId: admin.id, action: 'question.reveal_asker', targetType: 'question' });
    // the log, which every administrator reads, names the question, not the asker
    expectNoSecret('the audit entry', JSON.stringify(entry), cast.secrets);
    expect(await auditRows()).toHaveLength(1);
    await call(app, admin, 'GET', url);
    expect(await auditRows()).toHaveLength(2);

    // a question asked under one's name has nothing to reveal; an unknown one is 404
    const named = await askRaw(cast.asker, cast.groupId, { body: 'Named one' });
    const namedId = QuestionResponseSchema.parse(named.json()).question.id;
    expect((await call(app, admin, 'GET', `/api/admin/questions/${namedId}/author`)).statusCode).toBe(400);
    expect((await call(app, admin, 'GET', '/api/admin/questions/not-a-uuid/author')).statusCode).toBe(404);
    expect(
      (await call(app, admin, 'GET', '/api/admin/questions/00000000-0000-4000-8000-000000000000/author')).statusCode,
    ).toBe(404);

    // removing it records no asker either
    expect((await call(app, admin, 'DELETE', `/api/admin/content/question/${question.id}`)).statusCode).toBe(204);
    const [removal] = await auditRows();
    expect(removal?.action).toBe('question.remove');
    expect(removal?.summary).toContain('an anonymous asker');
    expectNoSecret('the removal’s audit entry', JSON.stringify(removal), cast.secrets);
  });
});

describe('a group created with anonymous questions', () => {
  it('takes them from the start', async () => {
    const host = await signUp(app, 'anhost');
    const group = await createGroup(app, host, { ama: true, anonymousQuestions: true });
    expect(group.anonymousQuestions).toBe(true);
    const asked = await askRaw(host, group.id, { body: 'The host may too', anonymous: true });
    expect(asked.statusCode).toBe(201);
    expect(QuestionResponseSchema.parse(asked.json()).question.author).toEqual(ANONYMOUS_AUTHOR);
  });
});
