import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { SessionLedgerResponseSchema } from '#shared/schemas/ledger.ts';
import { amaSessions, likes, mailMessages, moderationLedger, notifications, questions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import {
  buildAmaCast,
  buildQuestion,
  buildSession,
  call,
  listQueue,
  signUp,
  type AmaCast,
  type TestPerson,
} from '../../test/factories.ts';
import { grantAdmin } from '../admin/grant-admin.ts';
import { NEW_ANSWER_MAIL_KIND } from '../notifications/new-answer-mail.ts';
import { QUESTION_MOVED_MAIL_KIND } from '../notifications/question-moved.ts';
import {
  AnswerLaterClearResponseSchema,
  CARRY_MESSAGES,
  CarryPreviewResponseSchema,
  CarryResponseSchema,
} from '#shared/schemas/carry-over.ts';

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
const carry = (person: TestPerson | null, sessionId: string, body?: unknown) =>
  call(app, person, 'POST', `/api/sessions/${sessionId}/carry`, body);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

/** An ama group with an ended session (the host's) and, unless told, a scheduled one an hour on. */
async function endedSession(options: { next?: boolean; cast?: AmaCast } = {}) {
  const cast = options.cast ?? (await buildAmaCast(app));
  const endedId = await buildSession(app, {
    groupId: cast.groupId,
    hostId: cast.host.id,
    title: 'First AMA',
    startsAt: hours(-2),
    status: 'ended',
    startedAt: hours(-2),
    endedAt: hours(-1),
  });
  const nextId =
    options.next === false
      ? null
      : await buildSession(app, {
          groupId: cast.groupId,
          hostId: cast.host.id,
          title: 'Second AMA',
          startsAt: hours(1),
        });
  return { cast, endedId, nextId };
}

/** The session, answer-later mark, origin and votes of questions, by id. */
async function placeOf(ids: string[]) {
  const rows = await app.db
    .select({
      id: questions.id,
      sessionId: questions.sessionId,
      carriedFromSessionId: questions.carriedFromSessionId,
      answerLaterAt: questions.answerLaterAt,
      likeCount: questions.likeCount,
      pinnedAt: questions.pinnedAt,
    })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

describe('who may carry questions over', () => {
  it('lets the host alone carry, with a clear message for everyone else', async () => {
    const { cast, endedId, nextId } = await endedSession();
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      sessionId: endedId,
    });
    const admin = await signUp(app, 'ca');
    expect(await grantAdmin(app.db, admin.email)).toMatch(/^(granted|already-admin)$/);
    for (const person of [cast.member, cast.subscriber, cast.guest, admin]) {
      const refused = await carry(person, endedId, {});
      expect(refused.statusCode, refused.body).toBe(403);
      expect(message(refused)).toBe(CARRY_MESSAGES.notHost);
    }
    expect((await carry(null, endedId, {})).statusCode).toBe(401);
    expect((await placeOf([questionId])).get(questionId)?.sessionId).toBe(endedId);

    const done = await carry(cast.host, endedId, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(CarryResponseSchema.parse(done.json())).toEqual({
      carried: 1,
      toSession: { id: nextId, title: 'Second AMA', startsAt: expect.any(String) as string },
    });
  });

  it('answers 404 for a session that does not exist, and 409 until the session has ended', async () => {
    const cast = await buildAmaCast(app);
    for (const id of ['7f1c9c2e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await carry(cast.host, id, {});
      expect(missing.statusCode).toBe(404);
      expect(message(missing)).toBe(SESSION_MESSAGES.notFound);
    }
    const scheduled = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const live = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      status: 'live',
      startedAt: new Date(),
    });
    for (const sessionId of [scheduled, live]) {
      const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, sessionId });
      const refused = await carry(cast.host, sessionId, {});
      expect(refused.statusCode).toBe(409);
      expect(message(refused)).toBe(CARRY_MESSAGES.notEnded);
      expect((await placeOf([questionId])).get(questionId)?.sessionId).toBe(sessionId);
    }
  });

  it('refuses hostile bodies with a 400 naming the rule, moving nothing', async () => {
    const { cast, endedId } = await endedSession();
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.member.id,
      sessionId: endedId,
    });
    const bodies: unknown[] = [
      { top: 0 },
      { top: -1 },
      { top: 1e9 },
      { top: 501 },
      { top: 1.5 },
      { top: '5' },
      { top: null },
      { top: 5, extra: true },
      { sessionId: endedId },
      [5],
      'five',
    ];
    for (const body of bodies) {
      const refused = await carry(cast.host, endedId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(message(refused).length).toBeGreaterThan(5);
    }
    expect(message(await carry(cast.host, endedId, { top: 0 }))).toContain(CARRY_MESSAGES.topRange);
    expect((await placeOf([questionId])).get(questionId)?.sessionId).toBe(endedId);
    // no body at all carries everything
    const done = await call(app, cast.host, 'POST', `/api/sessions/${endedId}/carry`);
    expect(done.statusCode, done.body).toBe(200);
    expect(CarryResponseSchema.parse(done.json()).carried).toBe(1);
  });
});

describe('what moves, and where', () => {
  it('carries the top N by votes, the oldest first among ties, or all of them', async () => {
    const { cast, endedId, nextId } = await endedSession();
    const at = (minutes: number) => new Date(Date.now() - 3 * 3_600_000 + minutes * 60_000);
    const make = (likeCount: number, minutes: number) =>
      buildQuestion(app, {
        groupId: cast.groupId,
        authorId: cast.member.id,
        sessionId: endedId,
        likeCount,
        createdAt: at(minutes),
      });
    const fiveOld = await make(5, 1);
    const threeOld = await make(3, 2);
    const threeNew = await make(3, 3);
    const zero = await make(0, 0);
    const sevenNew = await make(7, 9);

    const first = await carry(cast.host, endedId, { top: 3 });
    expect(first.statusCode, first.body).toBe(200);
    expect(CarryResponseSchema.parse(first.json()).carried).toBe(3);
    const places = await placeOf([fiveOld, threeOld, threeNew, zero, sevenNew]);
    expect([sevenNew, fiveOld, threeOld].map((id) => places.get(id)?.sessionId)).toEqual([nextId, nextId, nextId]);
    expect([threeNew, zero].map((id) => places.get(id)?.sessionId)).toEqual([endedId, endedId]);

    const rest = await carry(cast.host, endedId, {});
    expect(CarryResponseSchema.parse(rest.json()).carried).toBe(2);
    const after = await placeOf([threeNew, zero]);
    expect([...after.values()].map((row) => row.sessionId)).toEqual([nextId, nextId]);
  });

  it('moves only open questions: not answered, hidden, pending or merged ones', async () => {
    const { cast, endedId, nextId } = await endedSession();
    const base = { groupId: cast.groupId, authorId: cast.member.id, sessionId: endedId };
    const open = await buildQuestion(app, base);
    const answered = await buildQuestion(app, { ...base, status: 'answered', answeredAt: new Date() });
    const hidden = await buildQuestion(app, { ...base, isHidden: true });
    const pending = await buildQuestion(app, { ...base, status: 'pending' });
    const merged = await buildQuestion(app, { ...base, mergedIntoId: open, mergedAt: new Date() });
    const elsewhere = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id });

    const preview = await call(app, null, 'GET', `/api/sessions/${endedId}/carry`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(CarryPreviewResponseSchema.parse(preview.json())).toMatchObject({ open: 1, toSession: { id: nextId } });

    expect(CarryResponseSchema.parse((await carry(cast.host, endedId, {})).json()).carried).toBe(1);
    const places = await placeOf([open, answered, hidden, pending, merged, elsewhere]);
    expect(places.get(open)).toMatchObject({ sessionId: nextId, carriedFromSessionId: endedId, answerLaterAt: null });
    for (const id of [answered, hidden, pending, merged]) {
      expect(places.get(id)).toMatchObject({ sessionId: endedId, carriedFromSessionId: null });
    }
    expect(places.get(elsewhere)).toMatchObject({ sessionId: null, answerLaterAt: null });
  });

  it('keeps every vote exactly and unpins', async () => {
    const { cast, endedId, nextId } = await endedSession();
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.guest.id,
      sessionId: endedId,
      pinnedAt: new Date(),
    });
    for (const voter of [cast.member, cast.subscriber, cast.host]) {
      expect((await call(app, voter, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(200);
    }
    const votersBefore = await app.db
      .select({ userId: likes.userId })
      .from(likes)
      .where(and(eq(likes.targetType, 'question'), eq(likes.targetId, questionId)));

    expect((await carry(cast.host, endedId, { top: 1 })).statusCode).toBe(200);
    const place = (await placeOf([questionId])).get(questionId);
    expect(place).toMatchObject({ sessionId: nextId, likeCount: 3, pinnedAt: null });
    const votersAfter = await app.db
      .select({ userId: likes.userId })
      .from(likes)
      .where(and(eq(likes.targetType, 'question'), eq(likes.targetId, questionId)));
    expect(votersAfter.map((row) => row.userId).sort()).toEqual(votersBefore.map((row) => row.userId).sort());
    // the next session's queue shows it, voted by the subscriber, with where it came from
    const queue = await listQueue(app, cast.subscriber, cast.groupId, `sessionId=${nextId ?? ''}`);
    const shown = queue.questions.find((question) => question.id === questionId);
    expect(shown).toMatchObject({ likeCount: 3, sessionId: nextId, carriedFrom: { sessionId: endedId } });
  });

  it("chooses the group's earliest scheduled or live session, never an ended one or another group's", async () => {
    const cast = await buildAmaCast(app);
    const other = await buildAmaCast(app);
    const { endedId } = await endedSession({ cast, next: false });
    await buildSession(app, { groupId: other.groupId, hostId: other.host.id, startsAt: hours(0.2) });
    await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      startsAt: hours(-5),
      status: 'ended',
      endedAt: hours(-4),
    });
    const later = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id, startsAt: hours(5) });
    const sooner = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      title: 'Sooner',
      startsAt: hours(2),
    });
    const preview = async () =>
      CarryPreviewResponseSchema.parse((await call(app, null, 'GET', `/api/sessions/${endedId}/carry`)).json());
    expect((await preview()).toSession?.id).toBe(sooner);
    expect(later).not.toBe(sooner);

    const live = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      startsAt: hours(-0.5),
      status: 'live',
      startedAt: hours(-0.5),
    });
    expect((await preview()).toSession?.id).toBe(live);
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.member.id,
      sessionId: endedId,
    });
    const done = CarryResponseSchema.parse((await carry(cast.host, endedId, {})).json());
    expect(done.toSession?.id).toBe(live);
    expect((await placeOf([questionId])).get(questionId)?.sessionId).toBe(live);
  });

  it('sends them to the answer-later list when the group has no next session', async () => {
    const { cast, endedId } = await endedSession({ next: false });
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.member.id,
      sessionId: endedId,
    });
    const preview = CarryPreviewResponseSchema.parse(
      (await call(app, null, 'GET', `/api/sessions/${endedId}/carry`)).json(),
    );
    expect(preview).toEqual({ open: 1, toSession: null });

    const done = await carry(cast.host, endedId, {});
    expect(CarryResponseSchema.parse(done.json())).toEqual({ carried: 1, toSession: null });
    const place = (await placeOf([questionId])).get(questionId);
    expect(place).toMatchObject({ sessionId: null, carriedFromSessionId: endedId });
    expect(place?.answerLaterAt).toBeInstanceOf(Date);
    expect(
      CarryPreviewResponseSchema.parse((await call(app, null, 'GET', `/api/sessions/${endedId}/carry`)).json()),
    ).toEqual({ open: 0, toSession: null });
  });

  it('answers 404 for the preview of an unknown session, signed out or not', async () => {
    for (const id of ['7f1c9c2e-0000-4000-8000-000000000000', 'nope']) {
      expect((await call(app, null, 'GET', `/api/sessions/${id}/carry`)).statusCode).toBe(404);
    }
  });
});

describe('carrying twice, and at once', () => {
  it('moves only what is still open: nothing left answers carried 0', async () => {
    const { cast, endedId, nextId } = await endedSession();
    await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, sessionId: endedId });
    expect(CarryResponseSchema.parse((await carry(cast.host, endedId, {})).json()).carried).toBe(1);
    const again = await carry(cast.host, endedId, {});
    expect(again.statusCode).toBe(200);
    expect(CarryResponseSchema.parse(again.json())).toMatchObject({ carried: 0, toSession: { id: nextId } });
    const entries = await app.db.select().from(moderationLedger).where(eq(moderationLedger.sessionId, endedId));
    expect(entries).toHaveLength(1);
  });

  it('moves each question once when two carries run at the same time', async () => {
    const { cast, endedId } = await endedSession();
    for (let index = 0; index < 6; index += 1) {
      await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, sessionId: endedId });
    }
    const answers = await Promise.all([carry(cast.host, endedId, {}), carry(cast.host, endedId, { top: 4 })]);
    const counts = answers.map((answer) => CarryResponseSchema.parse(answer.json()).carried);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(6);
    const entries = await app.db.select().from(moderationLedger).where(eq(moderationLedger.sessionId, endedId));
    expect(entries).toHaveLength(6);
    expect(new Set(entries.map((entry) => entry.questionId)).size).toBe(6);
  });
});

describe('what the carry writes beside the move', () => {
  it('writes a carried ledger entry per question, counted in the session totals', async () => {
    const { cast, endedId } = await endedSession();
    const ids = [
      await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, sessionId: endedId }),
      await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId: endedId }),
    ];
    expect((await carry(cast.host, endedId, {})).statusCode).toBe(200);
    const entries = await app.db
      .select({
        questionId: moderationLedger.questionId,
        action: moderationLedger.action,
        role: moderationLedger.role,
        sessionId: moderationLedger.sessionId,
        groupId: moderationLedger.groupId,
      })
      .from(moderationLedger)
      .where(inArray(moderationLedger.questionId, ids));
    expect(entries.sort((a, b) => a.questionId.localeCompare(b.questionId))).toEqual(
      [...ids].sort().map((questionId) => ({
        questionId,
        action: 'carried',
        role: 'host',
        sessionId: endedId,
        groupId: cast.groupId,
      })),
    );
    const ledger = await call(app, null, 'GET', `/api/sessions/${endedId}/ledger`);
    expect(ledger.statusCode).toBe(200);
    expect(SessionLedgerResponseSchema.parse(ledger.json()).totals.carriedOver).toBe(2);
  });

  it('tells the asker and the voters, in-app and by e-mail, naming where it went; never the host', async () => {
    const { cast, endedId, nextId } = await endedSession();
    const questionId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      sessionId: endedId,
      body: 'Will there be a sequel?',
    });
    const anonymousId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.guest.id,
      sessionId: endedId,
      isAnonymous: true,
    });
    for (const voter of [cast.member, cast.host]) {
      expect((await call(app, voter, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(200);
    }
    expect((await carry(cast.host, endedId, {})).statusCode).toBe(200);

    const told = await app.db
      .select({ userId: notifications.userId, targetId: notifications.targetId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'question_carried'), eq(notifications.groupId, cast.groupId)));
    expect(
      told
        .filter((row) => row.targetId === questionId)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([cast.subscriber.id, cast.member.id].sort());
    expect(told.filter((row) => row.targetId === anonymousId).map((row) => row.userId)).toEqual([cast.guest.id]);
    expect(told.every((row) => row.actorId === cast.host.id)).toBe(true);

    const mails = await app.db
      .select({ userId: mailMessages.userId, subject: mailMessages.subject, text: mailMessages.textBody })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.kind, QUESTION_MOVED_MAIL_KIND),
          inArray(mailMessages.userId, [cast.subscriber.id, cast.member.id, cast.host.id, cast.guest.id]),
        ),
      );
    expect(mails.map((mail) => mail.userId).sort()).toEqual([cast.subscriber.id, cast.member.id, cast.guest.id].sort());
    const asker = mails.find((mail) => mail.userId === cast.subscriber.id);
    expect(asker?.subject).toContain('Your question was carried over to “Second AMA”');
    expect(asker?.text).toContain(`/event/${nextId ?? ''}`);
    expect(mails.find((mail) => mail.userId === cast.member.id)?.subject).toContain('A question you upvoted');
  });

  it('names the answer-later list when there is no next session', async () => {
    const { cast, endedId } = await endedSession({ next: false });
    await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId: endedId });
    expect((await carry(cast.host, endedId, {})).statusCode).toBe(200);
    const [mail] = await app.db
      .select({ subject: mailMessages.subject })
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, QUESTION_MOVED_MAIL_KIND), eq(mailMessages.userId, cast.subscriber.id)));
    expect(mail?.subject).toContain('carried over to the answer-later list');
  });

  it("tells the group's watchers, and the next session's kept queue shows the questions at once", async () => {
    const { cast, endedId, nextId } = await endedSession();
    const pinned = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.member.id,
      sessionId: endedId,
      pinnedAt: new Date(),
    });
    // the next session's queue is read (and kept) before the carry
    expect((await listQueue(app, cast.subscriber, cast.groupId, `sessionId=${nextId ?? ''}`)).questions).toEqual([]);
    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(watcher);
    await watcher.next((m) => m.type === 'welcome');
    await watcher.subscribe(`group:${cast.groupId}`);

    expect((await carry(cast.host, endedId, {})).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'questions.carried')).toEqual({
      type: 'event',
      topic: `group:${cast.groupId}`,
      event: 'questions.carried',
      ids: { groupId: cast.groupId, sessionId: endedId },
      data: { toSessionId: nextId, count: 1 },
    });
    await watcher.next((m) => m.type === 'event' && m.event === 'question.pinned');
    await watcher.next((m) => m.type === 'event' && m.event === 'ledger.added');
    const queue = await listQueue(app, cast.subscriber, cast.groupId, `sessionId=${nextId ?? ''}`);
    expect(queue.questions.map((question) => question.id)).toEqual([pinned]);
    expect(queue.questions[0]?.isPinned).toBe(false);
    expect((await listQueue(app, cast.subscriber, cast.groupId, `sessionId=${endedId}`)).questions).toEqual([]);
  });
});

describe('answers after the session', () => {
  const answer = (host: TestPerson, questionId: string) =>
    call(app, host, 'PUT', `/api/questions/${questionId}/answer`, { body: 'Here is the answer, at last.' });

  it('still tell the asker and the voters of an ended session, a carried question and an answer-later one', async () => {
    const { cast, endedId } = await endedSession();
    const stays = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId: endedId });
    const carried = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      sessionId: endedId,
    });
    const lonely = await endedSession({ next: false });
    const later = await buildQuestion(app, {
      groupId: lonely.cast.groupId,
      authorId: lonely.cast.subscriber.id,
      sessionId: lonely.endedId,
    });
    for (const [person, questionId] of [
      [cast.member, stays],
      [cast.member, carried],
      [lonely.cast.member, later],
    ] as const) {
      expect((await call(app, person, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(200);
    }
    // the host answers one in the ended session, then carries the other over and answers it there
    expect((await answer(cast.host, stays)).statusCode).toBe(200);
    expect(CarryResponseSchema.parse((await carry(cast.host, endedId, {})).json()).carried).toBe(1);
    expect((await answer(cast.host, carried)).statusCode).toBe(200);
    expect((await carry(lonely.cast.host, lonely.endedId, {})).statusCode).toBe(200);
    expect((await answer(lonely.cast.host, later)).statusCode).toBe(200);

    for (const [questionId, people] of [
      [stays, [cast.subscriber, cast.member]],
      [carried, [cast.subscriber, cast.member]],
      [later, [lonely.cast.subscriber, lonely.cast.member]],
    ] as const) {
      const told = await app.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.kind, 'new_answer'), eq(notifications.targetId, questionId)));
      expect(told.map((row) => row.userId).sort()).toEqual(people.map((person) => person.id).sort());
      const mailed = await app.db
        .select({ userId: mailMessages.userId })
        .from(mailMessages)
        .where(and(eq(mailMessages.kind, NEW_ANSWER_MAIL_KIND), eq(mailMessages.aboutId, questionId)));
      expect(mailed.map((row) => row.userId).sort()).toEqual(people.map((person) => person.id).sort());
    }
  });
});

describe("clearing the group's answer-later list", () => {
  it('lets the host alone clear it; the questions stay open in the group, with no session', async () => {
    const { cast, endedId } = await endedSession({ next: false });
    const ids = [
      await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, sessionId: endedId }),
      await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId: endedId }),
    ];
    expect(CarryResponseSchema.parse((await carry(cast.host, endedId, {})).json()).carried).toBe(2);
    const url = `/api/groups/${cast.groupId}/answer-later/clear`;
    for (const person of [cast.member, cast.subscriber, cast.guest]) {
      const refused = await call(app, person, 'POST', url);
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(CARRY_MESSAGES.clearNotHost);
    }
    expect((await call(app, null, 'POST', url)).statusCode).toBe(401);
    expect((await call(app, cast.host, 'POST', '/api/groups/nope/answer-later/clear')).statusCode).toBe(404);
    expect(
      (await call(app, cast.host, 'POST', '/api/groups/7f1c9c2e-0000-4000-8000-000000000000/answer-later/clear'))
        .statusCode,
    ).toBe(404);

    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(watcher);
    await watcher.next((m) => m.type === 'welcome');
    await watcher.subscribe(`group:${cast.groupId}`);
    const cleared = await call(app, cast.host, 'POST', url);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(AnswerLaterClearResponseSchema.parse(cleared.json())).toEqual({ cleared: 2 });
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'questions.carried')).toMatchObject({
      ids: { groupId: cast.groupId },
      data: { cleared: 2 },
    });
    for (const row of (await placeOf(ids)).values()) {
      expect(row).toMatchObject({ sessionId: null, answerLaterAt: null, carriedFromSessionId: endedId });
    }
    const statuses = await app.db
      .select({ status: questions.status })
      .from(questions)
      .where(inArray(questions.id, ids));
    expect(statuses.map((row) => row.status)).toEqual(['open', 'open']);
    expect(AnswerLaterClearResponseSchema.parse((await call(app, cast.host, 'POST', url)).json())).toEqual({
      cleared: 0,
    });
  });

  it("leaves other groups' lists alone", async () => {
    const one = await endedSession({ next: false });
    const two = await endedSession({ next: false });
    const kept = await buildQuestion(app, {
      groupId: two.cast.groupId,
      authorId: two.cast.member.id,
      sessionId: two.endedId,
    });
    await buildQuestion(app, { groupId: one.cast.groupId, authorId: one.cast.member.id, sessionId: one.endedId });
    expect((await carry(one.cast.host, one.endedId, {})).statusCode).toBe(200);
    expect((await carry(two.cast.host, two.endedId, {})).statusCode).toBe(200);
    const cleared = await call(app, one.cast.host, 'POST', `/api/groups/${one.cast.groupId}/answer-later/clear`);
    expect(AnswerLaterClearResponseSchema.parse(cleared.json())).toEqual({ cleared: 1 });
    expect((await placeOf([kept])).get(kept)?.answerLaterAt).toBeInstanceOf(Date);
    const [session] = await app.db.select().from(amaSessions).where(eq(amaSessions.id, two.endedId));
    expect(session?.status).toBe('ended');
  });
});
