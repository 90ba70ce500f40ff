import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { QuestionListResponseSchema } from '#shared/schemas/questions.ts';
import {
  SessionListResponseSchema,
  SessionResponseSchema,
  TranscriptSchema,
  ViewersResponseSchema,
} from '#shared/schemas/sessions.ts';
import { mailMessages, notifications, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import { NEW_AMA_MAIL_KIND } from './notify-subscribers.ts';
import {
  ask,
  buildAmaCast,
  buildSession,
  call,
  inAnHour,
  schedule,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
let baseUrl: string;
const sockets: TestLiveSocket[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
});

const message = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;

describe('scheduling', () => {
  it('lets only the host of an ama group schedule, with clear messages for the rest', async () => {
    const cast = await buildAmaCast(app);
    const body = { title: 'Ask me', startsAt: inAnHour(), durationMinutes: 30 };
    const url = `/api/groups/${cast.groupId}/sessions`;
    for (const person of [cast.member, cast.subscriber, cast.guest]) {
      const response = await call(app, person, 'POST', url, body);
      expect(response.statusCode).toBe(403);
      expect(message(response)).toBe(SESSION_MESSAGES.notHost);
    }
    expect((await call(app, null, 'POST', url, body)).statusCode).toBe(401);

    const created = await call(app, cast.host, 'POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
    const { session } = SessionResponseSchema.parse(created.json());
    expect(session).toMatchObject({
      groupId: cast.groupId,
      host: { id: cast.host.id, username: cast.host.username },
      title: 'Ask me',
      description: '',
      status: 'scheduled',
      startedAt: null,
      endedAt: null,
      questionCount: 0,
    });
    expect(Date.parse(session.endsAt) - Date.parse(session.startsAt)).toBe(30 * 60_000);

    const plain = await buildAmaCast(app, { ama: false });
    const refused = await call(app, plain.host, 'POST', `/api/groups/${plain.groupId}/sessions`, body);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(SESSION_MESSAGES.onlyAma);
    expect((await call(app, cast.host, 'POST', '/api/groups/nope/sessions', body)).statusCode).toBe(404);
  });

  it('checks the limits of every field', async () => {
    const cast = await buildAmaCast(app);
    const url = `/api/groups/${cast.groupId}/sessions`;
    const good = { title: 'Ask me', startsAt: inAnHour(), durationMinutes: 30 };
    const cases: [object, string][] = [
      [{ ...good, title: 'ab' }, SESSION_MESSAGES.titleTooShort],
      [{ ...good, title: 'x'.repeat(121) }, SESSION_MESSAGES.titleTooLong],
      [{ ...good, description: 'x'.repeat(2001) }, SESSION_MESSAGES.descriptionTooLong],
      [{ ...good, durationMinutes: 4 }, SESSION_MESSAGES.durationRange],
      [{ ...good, durationMinutes: 1441 }, SESSION_MESSAGES.durationRange],
      [{ ...good, startsAt: 'tomorrow' }, SESSION_MESSAGES.startsAtInvalid],
      [{ ...good, startsAt: new Date(Date.now() - 6 * 60_000).toISOString() }, SESSION_MESSAGES.startsAtPast],
    ];
    for (const [input, text] of cases) {
      const response = await call(app, cast.host, 'POST', url, input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.body).toContain(text);
    }
    // a few minutes late is fine (a form filled slowly)
    await schedule(app, cast.host, cast.groupId, { startsAt: new Date(Date.now() - 2 * 60_000).toISOString() });
  });

  it("notifies every subscriber in-app and e-mails those whose settings allow 'newAMAs'", async () => {
    const cast = await buildAmaCast(app);
    const [noAmas, unsubscribedAll] = await Promise.all([signUp(app, 'sna'), signUp(app, 'sua')]);
    for (const person of [noAmas, unsubscribedAll]) {
      expect((await call(app, person, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    }
    await setEmailSettings(noAmas, { newAMAs: false });
    await setEmailSettings(unsubscribedAll, { unsubscribedAll: true });

    const session = await schedule(app, cast.host, cast.groupId, { title: 'Big, news; here' });
    const everyone = [cast.subscriber, noAmas, unsubscribedAll, cast.host, cast.member, cast.guest];
    const rows = await app.db
      .select({ userId: notifications.userId, kind: notifications.kind, targetId: notifications.targetId })
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          everyone.map((person) => person.id),
        ),
      );
    expect(
      rows
        .filter((row) => row.kind === 'new_ama')
        .map((row) => row.userId)
        .sort(),
    ).toEqual([cast.subscriber.id, noAmas.id, unsubscribedAll.id].sort());
    expect(rows.every((row) => row.targetId === session.id)).toBe(true);

    const mails = await app.db
      .select({ userId: mailMessages.userId, subject: mailMessages.subject })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.kind, NEW_AMA_MAIL_KIND),
          inArray(
            mailMessages.userId,
            everyone.map((person) => person.id),
          ),
        ),
      );
    expect(mails.map((mail) => mail.userId)).toEqual([cast.subscriber.id]);
    expect(mails[0]?.subject).toContain('Big, news; here');
  });
});

async function setEmailSettings(person: TestPerson, change: Record<string, boolean>) {
  const [row] = await app.db.select({ settings: users.emailSettings }).from(users).where(eq(users.id, person.id));
  if (!row) throw new Error('no user');
  await app.db
    .update(users)
    .set({ emailSettings: { ...row.settings, ...change } })
    .where(eq(users.id, person.id));
}

describe('starting, ending, editing and deleting', () => {
  it('moves scheduled → live → ended, refusing the other transitions with a reason', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const act = (person: TestPerson | null, action: string) =>
      call(app, person, 'POST', `/api/sessions/${session.id}/${action}`);

    expect((await act(cast.subscriber, 'start')).statusCode).toBe(403);
    expect((await act(null, 'start')).statusCode).toBe(401);
    const endEarly = await act(cast.host, 'end');
    expect(endEarly.statusCode).toBe(409);
    expect(message(endEarly)).toBe(SESSION_MESSAGES.notStarted);

    const started = await act(cast.host, 'start');
    expect(started.statusCode, started.body).toBe(200);
    const live = SessionResponseSchema.parse(started.json()).session;
    expect(live.status).toBe('live');
    expect(live.startedAt).not.toBeNull();
    const twice = await act(cast.host, 'start');
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(SESSION_MESSAGES.alreadyStarted);

    const reminders = await app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'ama_starting'), eq(notifications.targetId, session.id)));
    expect(reminders.map((row) => row.userId)).toEqual([cast.subscriber.id]);

    const ended = SessionResponseSchema.parse((await act(cast.host, 'end')).json()).session;
    expect(ended).toMatchObject({ status: 'ended' });
    expect(ended.endedAt).not.toBeNull();
    expect(ended.endsAt).toBe(ended.endedAt);
    expect(message(await act(cast.host, 'end'))).toBe(SESSION_MESSAGES.alreadyEnded);
    expect(message(await act(cast.host, 'start'))).toBe(SESSION_MESSAGES.alreadyEnded);
    const edit = await call(app, cast.host, 'PATCH', `/api/sessions/${session.id}`, { title: 'Too late' });
    expect(edit.statusCode).toBe(409);
    expect(message(edit)).toBe(SESSION_MESSAGES.endedNoEdit);
  });

  it('announces start and end on the group and session topics', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(socket);
    await socket.next((m) => m.type === 'welcome');
    await socket.subscribe(`session:${session.id}`);
    await socket.subscribe(`group:${cast.groupId}`);
    await call(app, cast.host, 'POST', `/api/sessions/${session.id}/start`);
    for (const topic of [`group:${cast.groupId}`, `session:${session.id}`]) {
      expect(
        await socket.next((m) => m.type === 'event' && m.event === 'session.started' && m.topic === topic),
      ).toMatchObject({ ids: { groupId: cast.groupId, sessionId: session.id } });
    }
    await call(app, cast.host, 'POST', `/api/sessions/${session.id}/end`);
    expect(
      await socket.next(
        (m) => m.type === 'event' && m.event === 'session.ended' && m.topic === `session:${session.id}`,
      ),
    ).toMatchObject({ ids: { sessionId: session.id } });
  });

  it('lets the host edit and delete; nobody else', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const url = `/api/sessions/${session.id}`;
    expect((await call(app, cast.member, 'PATCH', url, { title: 'Mine now' })).statusCode).toBe(403);
    const edited = await call(app, cast.host, 'PATCH', url, { title: 'Renamed', durationMinutes: 90 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(SessionResponseSchema.parse(edited.json()).session).toMatchObject({ title: 'Renamed', durationMinutes: 90 });
    expect((await call(app, cast.host, 'PATCH', url, { durationMinutes: 2 })).statusCode).toBe(400);

    expect((await call(app, cast.subscriber, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(app, cast.host, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(app, null, 'GET', url)).statusCode).toBe(404);
    expect((await call(app, null, 'GET', '/api/sessions/not-an-id')).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('pages upcoming soonest first, live, and past latest first, 20 a page', async () => {
    const cast = await buildAmaCast(app);
    // far in the future, so other tests' sessions come first in 'upcoming' and ours stay together
    const base = Date.UTC(2090, 0, 1);
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      ids.push(
        await buildSession(app, {
          groupId: cast.groupId,
          hostId: cast.host.id,
          startsAt: new Date(base + index * 3_600_000),
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await call(app, null, 'GET', `/api/sessions?view=upcoming${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = SessionListResponseSchema.parse(response.json());
      expect(page.sessions.length).toBeLessThanOrEqual(20);
      seen.push(...page.sessions.map((session) => session.id));
      cursor = page.nextCursor;
    } while (cursor);
    const ours = seen.filter((id) => ids.includes(id));
    expect(ours).toEqual(ids);
    const times = seen.length;
    expect(new Set(seen).size).toBe(times);

    const liveId = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      status: 'live',
      startedAt: new Date(),
    });
    // a shared database keeps earlier runs' live sessions: walk every page
    const liveSeen: { id: string; status: string }[] = [];
    let liveCursor: string | null = null;
    do {
      const query: string = liveCursor ? `&cursor=${encodeURIComponent(liveCursor)}` : '';
      const page = SessionListResponseSchema.parse(
        (await call(app, null, 'GET', `/api/sessions?view=live${query}`)).json(),
      );
      liveSeen.push(...page.sessions);
      liveCursor = page.nextCursor;
    } while (liveCursor);
    expect(liveSeen.map((session) => session.id)).toContain(liveId);
    expect(liveSeen.every((session) => session.status === 'live')).toBe(true);

    // later than any earlier run's on a shared database, so they lead the past view
    const pastBase = Date.UTC(2100, 0, 1) + Date.now();
    const pastIds = [
      await buildSession(app, {
        groupId: cast.groupId,
        hostId: cast.host.id,
        status: 'ended',
        startsAt: new Date(pastBase),
      }),
      await buildSession(app, {
        groupId: cast.groupId,
        hostId: cast.host.id,
        status: 'ended',
        startsAt: new Date(pastBase + 1000),
      }),
    ];
    const past = SessionListResponseSchema.parse((await call(app, null, 'GET', '/api/sessions?view=past')).json());
    expect(past.sessions.slice(0, 2).map((session) => session.id)).toEqual([...pastIds].reverse());

    const group = SessionListResponseSchema.parse(
      (await call(app, null, 'GET', `/api/groups/${cast.groupId}/sessions`)).json(),
    );
    expect(group.sessions).toHaveLength(26);
    expect((await call(app, null, 'GET', '/api/sessions?view=past&cursor=junk')).statusCode).toBe(400);
  });
});

describe('the calendar file', () => {
  it('is an RFC 5545 VEVENT with escaped text, UTC times, CRLF and folded lines', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId, {
      title: 'Rust, Go; and C\\C++',
      description: `Line one\nLine two, with a comma; ${'long '.repeat(30)}`,
      startsAt: '2090-03-04T05:06:07.000Z',
      durationMinutes: 90,
    });
    const response = await call(app, null, 'GET', `/api/sessions/${session.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rust-go-and-c-c.ics"');
    const text = response.body;
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
    expect(unfolded).toContain(`UID:session-${session.id}@townhall.test`);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(unfolded).toContain('DTSTART:20900304T050607Z\r\n');
    expect(unfolded).toContain('DTEND:20900304T063607Z\r\n');
    expect(unfolded).toContain('SUMMARY:Rust\\, Go\\; and C\\\\C++\r\n');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two\\, with a comma\\; long');
    expect(unfolded).toContain(`URL:http://townhall.test/event/${session.id}\r\n`);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });
});

describe('the transcript', () => {
  it('gives the host the session questions with votes and answers, as Markdown and JSON', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Transcript AMA' });
    const first = await askFor(cast.subscriber, cast.groupId, session.id, 'What is *your* favourite tool?');
    const second = await askFor(cast.member, cast.groupId, session.id, 'Second question');
    await ask(app, cast.subscriber, cast.groupId, 'Asked outside the session');
    expect((await call(app, cast.member, 'PUT', `/api/likes/question/${second}`)).statusCode).toBeLessThan(300);
    await call(app, cast.host, 'PUT', `/api/questions/${first}/answer`, { body: 'Line A\nLine B' });

    for (const person of [cast.subscriber, null]) {
      expect((await call(app, person, 'GET', `/api/sessions/${session.id}/transcript`)).statusCode).toBe(
        person ? 403 : 401,
      );
    }
    const json = await call(app, cast.host, 'GET', `/api/sessions/${session.id}/transcript?format=json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="transcript-ama-transcript.json"');
    const transcript = TranscriptSchema.parse(JSON.parse(json.body));
    expect(transcript.questions.map((question) => [question.id, question.votes])).toEqual([
      [second, 1],
      [first, 0],
    ]);
    expect(transcript.questions[1]?.answer?.body).toBe('Line A\nLine B');
    expect(transcript.questions[0]?.answer).toBeNull();

    const md = await call(app, cast.host, 'GET', `/api/sessions/${session.id}/transcript?format=md`);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body).toContain('# Transcript AMA');
    expect(md.body).toContain('### 1. Second question');
    expect(md.body).toContain('1 vote');
    expect(md.body).toContain('### 2. What is *your* favourite tool?');
    // the answer's line break stays one (a Markdown hard break: a backslash at the line's end)
    expect(md.body).toContain('> Line A\\\n> Line B');
    expect(md.body).not.toContain('Asked outside the session');
  });
});

async function askFor(person: TestPerson, groupId: string, sessionId: string, body: string): Promise<string> {
  const response = await call(app, person, 'POST', `/api/groups/${groupId}/questions`, { body, sessionId });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { question: { id: string } }).question.id;
}

describe('questions of a session', () => {
  it('needs the session to belong to the same group, and lists by sessionId', async () => {
    const cast = await buildAmaCast(app);
    const other = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const elsewhere = await schedule(app, other.host, other.groupId);
    const url = `/api/groups/${cast.groupId}/questions`;

    const wrong = await call(app, cast.subscriber, 'POST', url, { body: 'Wrong group?', sessionId: elsewhere.id });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(SESSION_MESSAGES.sessionOfOtherGroup);
    const missing = await call(app, cast.subscriber, 'POST', url, {
      body: 'Missing?',
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toBe(SESSION_MESSAGES.notFound);

    const asked = await askFor(cast.subscriber, cast.groupId, session.id, 'Before it starts?');
    await ask(app, cast.subscriber, cast.groupId, 'Not for the session');
    const list = QuestionListResponseSchema.parse(
      (await call(app, null, 'GET', `${url}?sessionId=${session.id}`)).json(),
    );
    expect(list.questions.map((question) => question.id)).toEqual([asked]);
    const loaded = SessionResponseSchema.parse((await call(app, null, 'GET', `/api/sessions/${session.id}`)).json());
    expect(loaded.session.questionCount).toBe(1);
  });
});

describe('presence', () => {
  /** A live connection watching the session page, signed in as `person` or not. */
  async function openPage(sessionId: string, person: TestPerson | null = null): Promise<TestLiveSocket> {
    const socket = await TestLiveSocket.open(baseUrl, {
      origin: baseUrl,
      ...(person ? { cookie: person.cookie } : {}),
    });
    sockets.push(socket);
    expect(await socket.subscribe(`session:${sessionId}`)).toMatchObject({ type: 'subscribed' });
    return socket;
  }
  const viewersOf = async (sessionId: string) =>
    ViewersResponseSchema.parse((await call(app, null, 'GET', `/api/sessions/${sessionId}/viewers`)).json());

  it('counts the live connections watching the session, each signed-in person once, with online or away', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const pages = [
      await openPage(session.id, cast.subscriber),
      await openPage(session.id, cast.subscriber),
      await openPage(session.id, cast.member),
      await openPage(session.id),
      await openPage(session.id),
    ];
    try {
      pages[2]?.send({ type: 'presence', status: 'away' });
      // the subscriber's two tabs count once; the two signed-out connections count twice
      await vi.waitFor(async () => {
        const seen = await viewersOf(session.id);
        expect(seen.count).toBe(4);
        expect(seen.people.map((person) => [person.id, person.status])).toEqual([
          [cast.subscriber.id, 'online'],
          [cast.member.id, 'away'],
        ]);
      });

      // a page closing is seen without waiting for any window to pass
      pages[3]?.close();
      pages[2]?.close();
      await vi.waitFor(async () => {
        const seen = await viewersOf(session.id);
        expect(seen.count).toBe(2);
        expect(seen.people.map((person) => person.id)).toEqual([cast.subscriber.id]);
      });
    } finally {
      for (const page of pages) page.close();
    }
  });

  it('counts the viewers of every process, and forgets those of a process that stops', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    // another process of the same Townhall: its own hub and sockets, the same database and bus
    const other = await buildTestApp();
    const here = await openPage(session.id, cast.subscriber);
    try {
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      const there = await TestLiveSocket.open(otherUrl, { origin: otherUrl, cookie: cast.member.cookie });
      sockets.push(there);
      expect(await there.subscribe(`session:${session.id}`)).toMatchObject({ type: 'subscribed' });
      await vi.waitFor(async () => {
        const seen = await viewersOf(session.id);
        expect(seen.count).toBe(2);
        expect(seen.people.map((person) => person.id).sort()).toEqual([cast.subscriber.id, cast.member.id].sort());
      });
      // the viewers of this process hear of the other's arrival
      await here.next((m) => m.type === 'event' && m.event === 'presence.changed');
    } finally {
      await other.close();
    }
    expect((await viewersOf(session.id)).people.map((person) => person.id)).toEqual([cast.subscriber.id]);
    here.close();
  });

  it('counts nobody for made-up heartbeats or ids', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const page = await openPage(session.id);
    try {
      await vi.waitFor(async () => expect((await viewersOf(session.id)).count).toBe(1));
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          call(app, index % 2 ? cast.guest : null, 'POST', `/api/sessions/${session.id}/presence`, {
            connectionId: `fake${index}aaaaaaaa`,
            status: 'online',
          }),
        ),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([404]));
      // the live channel takes no connection id from a client either
      page.send({ type: 'presence', status: 'online', connectionId: 'fake-connection-1' });
      expect(await page.next((m) => m.type === 'error')).toMatchObject({ code: 'invalid_message' });
      expect((await viewersOf(session.id)).count).toBe(1);
    } finally {
      page.close();
    }
  });

  it('sends presence.changed at most about once a second during a burst of arrivals', async () => {
    const cast = await buildAmaCast(app);
    const session = await schedule(app, cast.host, cast.groupId);
    const watcher = await openPage(session.id, cast.host);
    const arrivals: TestLiveSocket[] = [];
    try {
      await watcher.next((m) => m.type === 'event' && m.event === 'presence.changed');
      const before = watcher.messages.length;
      const startedAt = performance.now();
      // one after another, each written before the next comes, so none is folded into another's write
      for (let index = 0; index < 12; index += 1) {
        arrivals.push(await openPage(session.id));
        await vi.waitFor(async () => expect((await viewersOf(session.id)).count).toBe(index + 2));
      }
      // the last arrival's announcement may come at the end of the interval
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const elapsedSeconds = (performance.now() - startedAt) / 1000;
      const changes = watcher.messages
        .slice(before)
        .filter((m) => m.type === 'event' && m.event === 'presence.changed').length;
      expect(changes).toBeGreaterThanOrEqual(1);
      expect(changes).toBeLessThanOrEqual(Math.ceil(elapsedSeconds) + 1);
      expect(changes).toBeLessThan(12);
    } finally {
      watcher.close();
      for (const socket of arrivals) socket.close();
    }
  });
});
