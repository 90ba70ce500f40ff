import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { DuplicateQuestionsResponseSchema, QuestionMergeResponseSchema } from '#shared/schemas/question-merges.ts';
import { QuestionResponseSchema } from '#shared/schemas/questions.ts';
import {
  groups,
  likes,
  mailMessages,
  moderationLedger,
  notifications,
  questionMerges,
  questions,
  users,
} from '../../db/schema/index.ts';
import { QUESTION_MOVED_MAIL_KIND } from '../notifications/question-moved.ts';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import {
  type AmaCast,
  ask,
  buildAmaCast,
  buildQuestion,
  call,
  listQueue,
  setSubscription,
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

const merge = (person: TestPerson | null, questionId: string, intoQuestionId: unknown) =>
  call(app, person, 'POST', `/api/questions/${questionId}/merge`, { intoQuestionId });
const undo = (person: TestPerson | null, questionId: string) =>
  call(app, person, 'DELETE', `/api/questions/${questionId}/merge`);
const vote = (person: TestPerson, questionId: string, isLiked = true) =>
  call(app, person, isLiked ? 'PUT' : 'DELETE', `/api/likes/question/${questionId}`);
const duplicates = (person: TestPerson | null, questionId: string) =>
  call(app, person, 'GET', `/api/questions/${questionId}/duplicates`);

async function expectVote(person: TestPerson, questionId: string, isLiked = true) {
  const response = await vote(person, questionId, isLiked);
  expect(response.statusCode, response.body).toBe(200);
}

/** Signs up and subscribes `n` voters, a few at a time (each sign-up hashes a password). */
async function voters(groupId: string, n: number): Promise<TestPerson[]> {
  const people: TestPerson[] = [];
  for (let start = 0; start < n; start += 5) {
    const batch = await Promise.all(Array.from({ length: Math.min(5, n - start) }, () => signUp(app, 'mv')));
    for (const person of batch) expect((await setSubscription(app, person, groupId, true)).statusCode).toBe(200);
    people.push(...batch);
  }
  return people;
}

async function row(questionId: string) {
  const [found] = await app.db.select().from(questions).where(eq(questions.id, questionId));
  if (!found) throw new Error('no question');
  return found;
}

async function likers(questionId: string): Promise<string[]> {
  const rows = await app.db
    .select({ userId: likes.userId })
    .from(likes)
    .where(and(eq(likes.targetType, 'question'), eq(likes.targetId, questionId)));
  return rows.map((found) => found.userId).sort();
}

/** Every question of the group: its likeCount equals its like rows. */
async function expectExactCounts(groupId: string) {
  const result = await app.db.execute<{ id: string; like_count: number; rows: number }>(sql`
    select q.id, q.like_count, (select count(*)::int from likes l where l.target_type = 'question' and l.target_id = q.id::text) as rows
    from questions q where q.group_id = ${groupId}`);
  for (const found of result.rows) expect([found.id, Number(found.like_count)]).toEqual([found.id, found.rows]);
}

async function connect(person?: TestPerson): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, ...(person ? { cookie: person.cookie } : {}) });
  sockets.push(socket);
  await socket.next((message) => message.type === 'welcome');
  return socket;
}

/** A cast with two near-duplicate questions: `a` by the member, `b` by the subscriber. */
async function duplicatePair(cast: AmaCast) {
  const a = await ask(app, cast.member, cast.groupId, 'How do you plan your week of recording videos?');
  const b = await ask(app, cast.subscriber, cast.groupId, 'How do you plan your week of recording?');
  return { a, b };
}

describe('who may merge', () => {
  it('lets the host merge any open question and an asker their own, and nobody else', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const c = await ask(app, cast.subscriber, cast.groupId, 'A third question about recording?');

    const signedOut = await merge(null, a.id, b.id);
    expect(signedOut.statusCode).toBe(401);
    // the subscriber asked b and c, not a
    const othersQuestion = await merge(cast.subscriber, a.id, b.id);
    expect(othersQuestion.statusCode).toBe(403);
    expect(othersQuestion.json().error.message).toBe(CONTENT_MESSAGES.mergeNotAllowed);
    // a voter of a question is no asker of it
    await expectVote(cast.host, a.id);
    const guest = await merge(cast.guest, a.id, b.id);
    expect(guest.statusCode).toBe(403);

    const own = await merge(cast.subscriber, c.id, b.id);
    expect(own.statusCode, own.body).toBe(200);
    const byAsker = QuestionMergeResponseSchema.parse(own.json());
    expect(byAsker.merged.mergedInto).toEqual({ id: b.id, body: b.body });
    expect(byAsker.into.id).toBe(b.id);

    const byHost = await merge(cast.host, a.id, b.id);
    expect(byHost.statusCode, byHost.body).toBe(200);
    const merges = await app.db
      .select({ role: questionMerges.mergedByRole, by: questionMerges.mergedById })
      .from(questionMerges)
      .where(eq(questionMerges.intoQuestionId, b.id))
      .orderBy(questionMerges.createdAt);
    expect(merges).toEqual([
      { role: 'author', by: cast.subscriber.id },
      { role: 'host', by: cast.host.id },
    ]);
  });

  it('lets the host undo any merge and an asker the merge they made, nobody else', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    // the member asked a, but the host merged it: only the host undoes
    const asker = await undo(cast.member, a.id);
    expect(asker.statusCode).toBe(403);
    expect(asker.json().error.message).toBe(CONTENT_MESSAGES.undoMergeNotAllowed);
    expect((await undo(null, a.id)).statusCode).toBe(401);
    expect((await undo(cast.subscriber, a.id)).statusCode).toBe(403);
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);

    expect((await merge(cast.member, a.id, b.id)).statusCode).toBe(200);
    expect((await undo(cast.subscriber, a.id)).statusCode).toBe(403);
    expect((await undo(cast.member, a.id)).statusCode).toBe(200);
    expect((await merge(cast.member, a.id, b.id)).statusCode).toBe(200);
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);
  });
});

describe('what may be merged', () => {
  it('answers every refusal with a sentence', async () => {
    const cast = await buildAmaCast(app);
    const other = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const elsewhere = await ask(app, other.member, other.groupId, 'A question of another group?');
    const hidden = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, isHidden: true });
    const pending = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, status: 'pending' });
    const answered = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, status: 'answered' });
    const cases: [string, string, unknown, number, string][] = [
      ['itself', a.id, a.id, 400, CONTENT_MESSAGES.mergeIntoItself],
      ['another group', a.id, elsewhere.id, 400, CONTENT_MESSAGES.mergeOtherGroup],
      ['a hidden target', a.id, hidden, 400, CONTENT_MESSAGES.mergeIntoHidden],
      ['a pending target', a.id, pending, 400, CONTENT_MESSAGES.mergeIntoPending],
      ['a missing target', a.id, '00000000-0000-4000-8000-000000000000', 400, CONTENT_MESSAGES.mergeIntoMissing],
      ['a malformed target', a.id, 'not-an-id', 400, CONTENT_MESSAGES.mergeIntoMissing],
      ['a hidden question', hidden, b.id, 400, CONTENT_MESSAGES.mergeNotOpen],
      ['a pending question', pending, b.id, 400, CONTENT_MESSAGES.mergeNotOpen],
      ['an answered question', answered, b.id, 400, CONTENT_MESSAGES.mergeNotOpen],
      ['a malformed question', 'nope', b.id, 404, CONTENT_MESSAGES.questionNotFound],
      ['a missing question', '00000000-0000-4000-8000-000000000000', b.id, 404, CONTENT_MESSAGES.questionNotFound],
    ];
    for (const [what, questionId, intoId, status, message] of cases) {
      const response = await merge(cast.host, questionId, intoId);
      expect([what, response.statusCode, response.json().error.message]).toEqual([what, status, message]);
    }
    const wrongBody = await call(app, cast.host, 'POST', `/api/questions/${a.id}/merge`, { into: b.id });
    expect(wrongBody.statusCode).toBe(400);
    const hugeId = await merge(cast.host, a.id, 'x'.repeat(5000));
    expect(hugeId.statusCode).toBe(400);
    const numberId = await merge(cast.host, a.id, 42);
    expect(numberId.statusCode).toBe(400);

    // an answered target is fine
    const intoAnswered = await merge(cast.host, a.id, answered);
    expect(intoAnswered.statusCode, intoAnswered.body).toBe(200);
    // a merged target, and a merged question merged again
    const merged = await merge(cast.host, b.id, a.id);
    expect([merged.statusCode, merged.json().error.message]).toEqual([400, CONTENT_MESSAGES.mergeIntoMerged]);
    const again = await merge(cast.host, a.id, b.id);
    expect([again.statusCode, again.json().error.message]).toEqual([400, CONTENT_MESSAGES.mergeNotOpen]);
  });

  it('refuses chains: a question others went into is not merged itself', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const c = await ask(app, cast.host, cast.groupId, 'How do you plan a week?');
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    const chain = await merge(cast.host, b.id, c.id);
    expect([chain.statusCode, chain.json().error.message]).toEqual([400, CONTENT_MESSAGES.mergeHasMerged]);
    // the other way round works
    expect((await merge(cast.host, c.id, b.id)).statusCode).toBe(200);
  });

  it('answers 409 with a sentence when undoing a question that is not merged', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const notMerged = await undo(cast.host, a.id);
    expect([notMerged.statusCode, notMerged.json().error.message]).toEqual([409, CONTENT_MESSAGES.notMerged]);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);
    const twice = await undo(cast.host, a.id);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, CONTENT_MESSAGES.notMerged]);
    expect((await undo(cast.host, 'nope')).statusCode).toBe(404);
  });
});

describe('votes pool on the target, each person once', () => {
  it('adds the merged question’s voters and asker to the target once, and the undo takes back only those', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const [v1, v2, v3] = await voters(cast.groupId, 3);
    if (!v1 || !v2 || !v3) throw new Error('no voters');
    // v1 votes both (counted once), v2 only a, v3 only b
    await expectVote(v1, a.id);
    await expectVote(v1, b.id);
    await expectVote(v2, a.id);
    await expectVote(v3, b.id);
    expect((await row(b.id)).likeCount).toBe(2);

    const response = await merge(cast.host, a.id, b.id);
    expect(response.statusCode, response.body).toBe(200);
    const { merged, into } = QuestionMergeResponseSchema.parse(response.json());
    // v1, v3, then v2 and a's asker (the member) join
    expect(into.likeCount).toBe(4);
    expect(await likers(b.id)).toEqual([v1.id, v2.id, v3.id, cast.member.id].sort());
    const [record] = await app.db.select().from(questionMerges).where(eq(questionMerges.questionId, a.id));
    expect(record?.pooledUserIds.sort()).toEqual([v2.id, cast.member.id].sort());
    // the merged question keeps its own votes, frozen
    expect(merged.likeCount).toBe(2);
    expect(merged.mergedInto).toEqual({ id: b.id, body: b.body });

    // while merged, its votes cannot move
    const refused = await vote(v3, a.id);
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, CONTENT_MESSAGES.questionMergedNoVote]);
    expect((await vote(v1, a.id, false)).statusCode).toBe(409);

    // v2 takes back the pooled vote; a newcomer votes for b
    const [v4] = await voters(cast.groupId, 1);
    if (!v4) throw new Error('no voter');
    await expectVote(v2, b.id, false);
    await expectVote(v4, b.id);
    const undone = QuestionMergeResponseSchema.parse((await undo(cast.host, a.id)).json());
    expect(undone.merged.mergedInto).toBeNull();
    expect(undone.merged.likeCount).toBe(2);
    // the member's pooled vote is taken back; v4's own vote stays
    expect(await likers(b.id)).toEqual([v1.id, v3.id, v4.id].sort());
    expect(undone.into.likeCount).toBe(3);
    const [after] = await app.db.select().from(questionMerges).where(eq(questionMerges.questionId, a.id));
    expect(after?.undoneAt).not.toBeNull();
    await expectExactCounts(cast.groupId);
  });

  it('does not make the target’s own asker, nor an anonymous asker, a voter', async () => {
    const cast = await buildAmaCast(app);
    const mine = await ask(app, cast.member, cast.groupId, 'Which microphone do you use for streams?');
    const alsoMine = await ask(app, cast.member, cast.groupId, 'Which microphone do you use?');
    expect((await merge(cast.member, alsoMine.id, mine.id)).statusCode).toBe(200);
    expect(await likers(mine.id)).toEqual([]);

    const target = await ask(app, cast.host, cast.groupId, 'Which camera do you use?');
    const anonymous = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      body: 'Which camera do you use for streams?',
      isAnonymous: true,
    });
    expect((await merge(cast.subscriber, anonymous, target.id)).statusCode).toBe(200);
    expect(await likers(target.id)).toEqual([]);
  });
});

describe('the merged question', () => {
  it('leaves the lists, is unpinned, keeps its page with “merged into”, and the undo pins it again', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    expect(
      (await call(app, cast.host, 'PATCH', `/api/questions/${a.id}/moderation`, { isPinned: true })).statusCode,
    ).toBe(200);
    const pinnedAt = (await row(a.id)).pinnedAt;
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    const stored = await row(a.id);
    expect(stored.pinnedAt).toBeNull();
    expect(stored.mergedIntoId).toBe(b.id);
    expect(stored.mergedAt).not.toBeNull();
    const [record] = await app.db.select().from(questionMerges).where(eq(questionMerges.questionId, a.id));
    expect(record?.mergedPinnedAt?.toISOString()).toBe(pinnedAt?.toISOString());

    // its own page, for everyone
    const page = await call(app, null, 'GET', `/api/questions/${a.id}`);
    expect(page.statusCode).toBe(200);
    expect(QuestionResponseSchema.parse(page.json()).question.mergedInto).toEqual({ id: b.id, body: b.body });
    // moderating or answering it waits for the undo
    const pin = await call(app, cast.host, 'PATCH', `/api/questions/${a.id}/moderation`, { isPinned: true });
    expect([pin.statusCode, pin.json().error.message]).toEqual([409, CONTENT_MESSAGES.questionIsMerged]);
    const answer = await call(app, cast.host, 'PUT', `/api/questions/${a.id}/answer`, { body: 'No' });
    expect(answer.statusCode).toBe(409);

    const undone = QuestionMergeResponseSchema.parse((await undo(cast.host, a.id)).json());
    expect(undone.merged.isPinned).toBe(true);
    expect((await row(a.id)).pinnedAt?.toISOString()).toBe(pinnedAt?.toISOString());
  });

  it('leaves every list at once, kept pages too, and comes back with the undo', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const ids = async (person: TestPerson | null, query = '') =>
      (await listQueue(app, person, cast.groupId, query)).questions.map((q) => q.id).sort();
    // read (and kept by the page cache) before the merge
    expect(await ids(null)).toEqual([a.id, b.id].sort());
    expect(await ids(cast.host, 'sort=new')).toEqual([a.id, b.id].sort());
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect(await ids(null)).toEqual([b.id]);
    expect(await ids(cast.host, 'sort=new')).toEqual([b.id]);
    // its asker does not see it in their own open view either
    expect(await ids(cast.member)).toEqual([b.id]);
    const similar = await call(
      app,
      null,
      'GET',
      `/api/groups/${cast.groupId}/questions/similar?q=${encodeURIComponent(a.body)}`,
    );
    expect(similar.json().questions.map((q: { id: string }) => q.id)).toEqual([b.id]);
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);
    expect(await ids(null)).toEqual([a.id, b.id].sort());
  });

  it('leaves search and the session transcript, whose Markdown links the session ledger', async () => {
    const cast = await buildAmaCast(app);
    const sessionResponse = await call(app, cast.host, 'POST', `/api/groups/${cast.groupId}/sessions`, {
      title: 'Merged transcript',
      startsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    expect(sessionResponse.statusCode, sessionResponse.body).toBe(201);
    const sessionId = (sessionResponse.json() as { session: { id: string } }).session.id;
    const askIn = async (person: TestPerson, body: string) => {
      const response = await call(app, person, 'POST', `/api/groups/${cast.groupId}/questions`, { body, sessionId });
      expect(response.statusCode, response.body).toBe(201);
      return QuestionResponseSchema.parse(response.json()).question;
    };
    const word = `zebrafish${Date.now().toString(36)}`;
    const a = await askIn(cast.member, `How do you feed a ${word} on tour, honestly?`);
    const b = await askIn(cast.subscriber, `How do you feed a ${word} on tour?`);
    const found = async () => {
      const response = await call(app, null, 'GET', `/api/search?type=questions&q=${word}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: { id: string }[] }).results.map((result) => result.id).sort();
    };
    expect(await found()).toEqual([a.id, b.id].sort());
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect(await found()).toEqual([b.id]);
    const transcript = await call(app, cast.host, 'GET', `/api/sessions/${sessionId}/transcript?format=json`);
    expect(transcript.statusCode, transcript.body).toBe(200);
    const listed = (JSON.parse(transcript.body) as { questions: { id: string }[] }).questions.map((q) => q.id);
    expect(listed).toEqual([b.id]);
    const markdown = await call(app, cast.host, 'GET', `/api/sessions/${sessionId}/transcript`);
    expect(markdown.body).toContain(`/event/${sessionId}/ledger`);
    expect(markdown.body).not.toContain(a.body);
  });

  it('is not pinned again by the undo when another question is pinned now', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    await call(app, cast.host, 'PATCH', `/api/questions/${a.id}/moderation`, { isPinned: true });
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    await call(app, cast.host, 'PATCH', `/api/questions/${b.id}/moderation`, { isPinned: true });
    const undone = QuestionMergeResponseSchema.parse((await undo(cast.host, a.id)).json());
    expect(undone.merged.isPinned).toBe(false);
    expect(undone.into.isPinned).toBe(true);
  });

  it('comes back to the queue, with its own votes, when the question it went into is deleted', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    await expectVote(cast.host, a.id);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${b.id}`)).statusCode).toBe(204);
    const back = await row(a.id);
    expect([back.mergedIntoId, back.mergedAt, back.likeCount]).toEqual([null, null, 1]);
    await expectVote(cast.member, a.id);
    await expectExactCounts(cast.groupId);
  });
});

describe('the record and the news', () => {
  it('writes the ledger and tells the asker and voters, never the one who merged', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const [v1] = await voters(cast.groupId, 1);
    if (!v1) throw new Error('no voter');
    await expectVote(v1, a.id);
    await expectVote(cast.host, a.id);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);
    expect((await merge(cast.member, a.id, b.id)).statusCode).toBe(200);

    const entries = await app.db
      .select({ action: moderationLedger.action, role: moderationLedger.role, reason: moderationLedger.reason })
      .from(moderationLedger)
      .where(eq(moderationLedger.questionId, a.id))
      .orderBy(moderationLedger.id);
    expect(entries).toEqual([
      { action: 'merged', role: 'host', reason: null },
      { action: 'unmerged', role: 'host', reason: null },
      { action: 'merged', role: 'author', reason: null },
    ]);

    const told = await app.db
      .select({ userId: notifications.userId, actorId: notifications.actorId, targetId: notifications.targetId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'question_merged'), eq(notifications.groupId, cast.groupId)));
    // the host's merge: the asker and v1 (not the host, who voted too); the asker's own: v1 and the host
    expect(
      told
        .filter((n) => n.actorId === cast.host.id)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([cast.member.id, v1.id].sort());
    expect(
      told
        .filter((n) => n.actorId === cast.member.id)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([cast.host.id, v1.id].sort());
    expect(told.every((n) => n.targetId === b.id)).toBe(true);
  });

  it('hides the actor when the asker of an anonymous question merges it', async () => {
    const cast = await buildAmaCast(app);
    const target = await ask(app, cast.host, cast.groupId, 'What do you read?');
    const anonymous = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      body: 'What do you read lately?',
      isAnonymous: true,
    });
    await expectVote(cast.member, anonymous);
    expect((await merge(cast.subscriber, anonymous, target.id)).statusCode).toBe(200);
    const told = await app.db
      .select({ userId: notifications.userId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'question_merged'), eq(notifications.targetId, target.id)));
    expect(told).toEqual([{ userId: cast.member.id, actorId: null }]);
  });

  it('announces the merge and its undo on the group topic, with the target’s votes', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    await expectVote(cast.host, a.id);
    const watcher = await connect();
    await watcher.subscribe(`group:${cast.groupId}`);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'question.merged')).toMatchObject({
      topic: `group:${cast.groupId}`,
      ids: { groupId: cast.groupId, questionId: a.id },
      // the host's vote and the asker's
      data: { intoQuestionId: b.id, likeCount: 2 },
    });
    expect((await undo(cast.host, a.id)).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'question.unmerged')).toMatchObject({
      ids: { groupId: cast.groupId, questionId: a.id },
      data: { intoQuestionId: b.id, likeCount: 0 },
    });
  });
});

describe('following the surviving question', () => {
  const answer = async (person: TestPerson, questionId: string, body = 'Here is how.') => {
    const response = await call(app, person, 'PUT', `/api/questions/${questionId}/answer`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  /** Who got a notification of `kind` about `questionId`, one entry per notification, sorted. */
  async function toldOf(kind: 'new_answer' | 'question_merged', questionId: string) {
    const rows = await app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, kind), eq(notifications.targetId, questionId)));
    return rows.map((found) => found.userId).sort();
  }

  /** The e-mails of `kind` about `questionId`, whatever their delivery status. */
  async function mailsAbout(kind: string, questionId: string) {
    return app.db
      .select({ userId: mailMessages.userId, subject: mailMessages.subject, text: mailMessages.textBody })
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, kind), eq(mailMessages.aboutId, questionId)));
  }

  async function setEmailSettings(person: TestPerson, settings: Record<string, boolean>) {
    await app.db
      .update(users)
      .set({ emailSettings: sql`${users.emailSettings} || ${JSON.stringify(settings)}::jsonb` })
      .where(eq(users.id, person.id));
  }

  const sorted = (people: TestPerson[]) => people.map((person) => person.id).sort();

  it("tells the merged question's asker and voters of the surviving question's answer, each once, per their settings", async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const [onlyA, both, off, gone] = await voters(cast.groupId, 4);
    if (!onlyA || !both || !off || !gone) throw new Error('no voters');
    await setEmailSettings(off, { newAnswers: false });
    await setEmailSettings(gone, { unsubscribedAll: true });
    for (const person of [onlyA, both, off, gone, cast.host]) await expectVote(person, a.id);
    // the asker voted for their own question and for b too; `both` and the host voted for b
    await expectVote(cast.member, a.id);
    await expectVote(cast.member, b.id);
    await expectVote(both, b.id);
    await expectVote(cast.host, b.id);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);
    await answer(cast.host, b.id);

    // b's asker, a's asker and a's voters, once each; never the host who answered
    expect(await toldOf('new_answer', b.id)).toEqual(sorted([cast.subscriber, cast.member, onlyA, both, off, gone]));
    expect(await toldOf('new_answer', a.id)).toEqual([]);
    const mails = await mailsAbout('new_answer', b.id);
    expect(mails.map((mail) => mail.userId).sort()).toEqual(sorted([cast.subscriber, cast.member, onlyA, both]));
    const subjectOf = (person: TestPerson) => mails.find((mail) => mail.userId === person.id)?.subject;
    expect(subjectOf(cast.subscriber)).toMatch(/ answered your question: /);
    expect(subjectOf(cast.member)).toMatch(
      / answered the question yours was merged into: “How do you plan your week of recording\?”$/,
    );
    expect(subjectOf(onlyA)).toMatch(/ answered a question you upvoted: /);
    // an edit of the answer tells nobody again
    await answer(cast.host, b.id, 'Here is how, edited.');
    expect(await toldOf('new_answer', b.id)).toHaveLength(6);
    expect(await mailsAbout('new_answer', b.id)).toHaveLength(4);
  });

  it('tells an anonymous asker of a merged question of the answer, and names them to nobody', async () => {
    const cast = await buildAmaCast(app);
    const [anonymousAsker, selfMerger] = await voters(cast.groupId, 2);
    if (!anonymousAsker || !selfMerger) throw new Error('no askers');
    const target = await ask(app, cast.subscriber, cast.groupId, 'Which microphone do you use?');
    const byHost = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: anonymousAsker.id,
      body: 'Which microphone do you use now?',
      isAnonymous: true,
    });
    const byItsAsker = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: selfMerger.id,
      body: 'What microphone do you use?',
      isAnonymous: true,
    });
    await expectVote(cast.member, byHost);
    expect((await merge(cast.host, byHost, target.id)).statusCode).toBe(200);
    expect((await merge(selfMerger, byItsAsker, target.id)).statusCode).toBe(200);
    // the merges pooled the member's vote, and no vote of either anonymous asker
    expect(await likers(target.id)).toEqual([cast.member.id]);

    const answered = await answer(cast.host, target.id);
    expect(await toldOf('new_answer', target.id)).toEqual(
      sorted([cast.subscriber, cast.member, anonymousAsker, selfMerger]),
    );
    const named = [anonymousAsker, selfMerger].flatMap((person) => [person.id, person.username, person.email]);
    for (const secret of named) expect(answered.body).not.toContain(secret);

    // each anonymous asker's notification names only the answerer
    for (const asker of [anonymousAsker, selfMerger]) {
      const list = await call(app, asker, 'GET', '/api/notifications');
      expect(list.statusCode).toBe(200);
      const news = list.json().notifications.filter((item: { kind: string }) => item.kind === 'new_answer');
      expect(news).toHaveLength(1);
      expect(news[0]).toMatchObject({ targetId: target.id, actor: { username: cast.host.username } });
    }
    // and the e-mails: theirs say their question went into it, nobody else's names them
    const mails = await mailsAbout('new_answer', target.id);
    expect(mails.map((mail) => mail.userId).sort()).toEqual(
      sorted([cast.subscriber, cast.member, anonymousAsker, selfMerger]),
    );
    const askersMails = mails.filter((mail) => mail.userId === anonymousAsker.id || mail.userId === selfMerger.id);
    expect(askersMails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/ answered the question yours was merged into: “Which microphone do you use\?”$/),
      expect.stringMatching(/ answered the question yours was merged into: “Which microphone do you use\?”$/),
    ]);
    for (const mail of mails) {
      const others = [anonymousAsker, selfMerger].filter((person) => person.id !== mail.userId);
      for (const person of others) {
        for (const secret of [person.id, person.username, person.email]) {
          expect(`${mail.subject}\n${mail.text}`).not.toContain(secret);
        }
      }
    }
    // what the others read of their news and of the question names neither
    for (const reader of [cast.subscriber, cast.member, cast.host]) {
      for (const url of ['/api/notifications', `/api/questions/${target.id}`]) {
        const read = await call(app, reader, 'GET', url);
        expect(read.statusCode).toBe(200);
        for (const secret of named) expect(read.body).not.toContain(secret);
      }
    }
  });

  it('stops once the merge is undone', async () => {
    const cast = await buildAmaCast(app);
    const [anonymousAsker, voter] = await voters(cast.groupId, 2);
    if (!anonymousAsker || !voter) throw new Error('no people');
    const target = await ask(app, cast.subscriber, cast.groupId, 'Do you script your videos?');
    const named = await ask(app, cast.member, cast.groupId, 'Do you script your videos at all?');
    const anonymous = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: anonymousAsker.id,
      body: 'Do you write scripts for your videos?',
      isAnonymous: true,
    });
    await expectVote(voter, anonymous);
    for (const id of [named.id, anonymous]) {
      expect((await merge(cast.host, id, target.id)).statusCode).toBe(200);
      expect((await undo(cast.host, id)).statusCode).toBe(200);
    }
    await answer(cast.host, target.id);
    expect(await toldOf('new_answer', target.id)).toEqual([cast.subscriber.id]);
    expect((await mailsAbout('new_answer', target.id)).map((mail) => mail.userId)).toEqual([cast.subscriber.id]);
  });

  it('e-mails the merge to the asker and voters whose settings want it, and tells everyone in the bell', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const [keen, off, gone] = await voters(cast.groupId, 3);
    if (!keen || !off || !gone) throw new Error('no voters');
    // the asker turned news of answers off; `gone` unsubscribed from everything
    await setEmailSettings(cast.member, { newAnswers: false });
    await setEmailSettings(off, { newAnswers: false });
    await setEmailSettings(gone, { unsubscribedAll: true });
    for (const person of [keen, off, gone]) await expectVote(person, a.id);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);

    expect(await toldOf('question_merged', b.id)).toEqual(sorted([cast.member, keen, off, gone]));
    const mails = await mailsAbout(QUESTION_MOVED_MAIL_KIND, b.id);
    expect(mails.map((mail) => mail.userId)).toEqual([keen.id]);
    const [mail] = mails;
    expect(mail?.subject).toBe(
      'A question you upvoted was merged into another: “How do you plan your week of recording videos?”',
    );
    expect(mail?.text).toContain('The answer will come on that question.');
    const [group] = await app.db.select({ slug: groups.slug }).from(groups).where(eq(groups.id, cast.groupId));
    expect(mail?.text).toContain(`http://townhall.test/group/${group?.slug}/question/${b.id}`);
  });

  it('says the answer is there already when the surviving question was answered', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    const [voter] = await voters(cast.groupId, 1);
    if (!voter) throw new Error('no voter');
    await expectVote(voter, a.id);
    await answer(cast.host, b.id);
    expect((await merge(cast.host, a.id, b.id)).statusCode).toBe(200);

    expect(await toldOf('question_merged', b.id)).toEqual(sorted([cast.member, voter]));
    const [group] = await app.db.select({ slug: groups.slug }).from(groups).where(eq(groups.id, cast.groupId));
    const link = `http://townhall.test/group/${group?.slug}/question/${b.id}`;
    const mails = await mailsAbout(QUESTION_MOVED_MAIL_KIND, b.id);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'A question you upvoted was merged into an answered question: “How do you plan your week of recording videos?”',
      'Your question was merged into an answered question: “How do you plan your week of recording videos?”',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain('That question was answered already: see the answer there.');
      expect(mail.text).not.toContain('The answer will come');
      expect(mail.text).toContain(link);
    }
    // the bell's item opens the answered question
    const list = await call(app, cast.member, 'GET', '/api/notifications');
    const merged = list.json().notifications.filter((item: { kind: string }) => item.kind === 'question_merged');
    expect(merged).toMatchObject([{ targetId: b.id, href: `/group/${group?.slug}/question/${b.id}` }]);
  });
});

describe('possible duplicates', () => {
  it('lists similar open or answered questions of the group for the host and the asker', async () => {
    const cast = await buildAmaCast(app);
    const { a, b } = await duplicatePair(cast);
    await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.host.id,
      body: 'How do you plan your week of recording videos? (hidden)',
      isHidden: true,
    });
    const unrelated = await ask(app, cast.host, cast.groupId, 'Favourite pizza topping?');
    const forHost = DuplicateQuestionsResponseSchema.parse((await duplicates(cast.host, a.id)).json());
    expect(forHost.questions.map((q) => q.id)).toEqual([b.id]);
    expect(forHost.questions[0]?.similarity).toBeGreaterThan(0.3);
    const forAsker = await duplicates(cast.member, a.id);
    expect(DuplicateQuestionsResponseSchema.parse(forAsker.json()).questions.map((q) => q.id)).toEqual([b.id]);
    expect((await duplicates(cast.subscriber, a.id)).statusCode).toBe(403);
    expect((await duplicates(null, a.id)).statusCode).toBe(401);
    expect((await duplicates(cast.host, 'nope')).statusCode).toBe(404);
    expect(
      DuplicateQuestionsResponseSchema.parse((await duplicates(cast.host, unrelated.id)).json()).questions,
    ).toEqual([]);
    // a merged question is no candidate, and has none
    expect((await merge(cast.host, b.id, a.id)).statusCode).toBe(200);
    expect(DuplicateQuestionsResponseSchema.parse((await duplicates(cast.host, a.id)).json()).questions).toEqual([]);
    expect(DuplicateQuestionsResponseSchema.parse((await duplicates(cast.host, b.id)).json()).questions).toEqual([]);
  });
});

describe('at once', () => {
  it('keeps every likeCount equal to its like rows under parallel votes, merges and undos', async () => {
    const cast = await buildAmaCast(app);
    const people = await voters(cast.groupId, 10);
    const ids = [
      (await ask(app, cast.member, cast.groupId, 'How do you edit your videos quickly?')).id,
      (await ask(app, cast.subscriber, cast.groupId, 'How do you edit videos quickly?')).id,
      (await ask(app, cast.host, cast.groupId, 'How do you edit videos so quickly?')).id,
    ];
    for (let round = 0; round < 3; round += 1) {
      const writes: Promise<{ statusCode: number }>[] = [];
      people.forEach((person, index) => {
        for (const id of ids) {
          writes.push(vote(person, id, (index + round) % 3 !== 0));
          writes.push(vote(person, id, (index + round) % 2 === 0));
        }
      });
      writes.push(merge(cast.host, ids[0]!, ids[1]!));
      writes.push(merge(cast.host, ids[2]!, ids[1]!));
      writes.push(undo(cast.host, ids[0]!));
      writes.push(merge(cast.member, ids[0]!, ids[2]!));
      writes.push(undo(cast.host, ids[2]!));
      const results = await Promise.all(writes);
      // the merges run one after the other (the group's lock): whichever runs first goes through
      expect(results.slice(-5).filter((result) => result.statusCode === 200).length).toBeGreaterThan(0);
      // refusals are sentences (a vote on a merged question, a merge that lost the race), never errors
      for (const result of results) expect([200, 400, 409]).toContain(result.statusCode);
      await expectExactCounts(cast.groupId);
      for (const id of ids) await undo(cast.host, id);
      await expectExactCounts(cast.groupId);
    }
    // after every undo, no vote the merges added is left behind on a target
    const open = await app.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.groupId, cast.groupId), sql`${questions.mergedIntoId} is not null`));
    expect(open).toEqual([]);
  });
});
