import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAP_REACHED_CODE, FAIR_QUEUE_MESSAGES, freshScore } from '#shared/constants/fair-queue.ts';
import { INVALID_CURSOR_MESSAGE } from '../../lib/cursor.ts';
import { questions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
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
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const HOUR = 60 * 60_000;

const askRaw = (person: TestPerson | null, groupId: string, body: string, extra: object = {}) =>
  call(app, person, 'POST', `/api/groups/${groupId}/questions`, { body, ...extra });
const patchGroup = (person: TestPerson, groupId: string, changes: object) =>
  call(app, person, 'PATCH', `/api/groups/${groupId}`, changes);

async function castWithCap(cap: number | null, options: { questionsNeedApproval?: boolean } = {}): Promise<AmaCast> {
  const cast = await buildAmaCast(app, options);
  const patched = await patchGroup(cast.host, cast.groupId, { openQuestionCap: cap });
  expect(patched.statusCode, patched.body).toBe(200);
  return cast;
}

describe('the cap on open questions per person', () => {
  it('refuses an ask beyond the cap with 409 and a sentence; the host is exempt; answering frees a place', async () => {
    const cast = await castWithCap(2);
    const first = await ask(app, cast.subscriber, cast.groupId, 'First of mine');
    await ask(app, cast.subscriber, cast.groupId, 'Second of mine');
    const third = await askRaw(cast.subscriber, cast.groupId, 'Third of mine');
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().error).toEqual({ code: CAP_REACHED_CODE, message: FAIR_QUEUE_MESSAGES.capReached(2) });
    expect(FAIR_QUEUE_MESSAGES.capReached(2)).toBe(
      'You have 2 open questions here, the most this group allows at once. You can ask again when one is answered.',
    );
    // a refused ask writes nothing
    const mine = await app.db.select().from(questions).where(eq(questions.authorId, cast.subscriber.id));
    expect(mine).toHaveLength(2);

    // others have their own places; the host is never capped
    await ask(app, cast.member, cast.groupId, 'The member asks');
    await ask(app, cast.member, cast.groupId, 'The member asks again');
    for (const body of ['Host one', 'Host two', 'Host three']) await ask(app, cast.host, cast.groupId, body);

    // an answer frees a place
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${first.id}/answer`, { body: 'Done' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await askRaw(cast.subscriber, cast.groupId, 'Third, now allowed')).statusCode).toBe(201);
    expect((await askRaw(cast.subscriber, cast.groupId, 'Fourth, refused')).statusCode).toBe(409);

    // without a cap, nothing is counted
    expect((await patchGroup(cast.host, cast.groupId, { openQuestionCap: null })).statusCode).toBe(200);
    expect((await askRaw(cast.subscriber, cast.groupId, 'Free again')).statusCode).toBe(201);
  });

  it('counts open and pending questions of this group, not hidden, merged, answered or other groups’ ones', async () => {
    const cast = await castWithCap(1, { questionsNeedApproval: true });
    // pending (waiting for approval) counts
    const pending = await ask(app, cast.subscriber, cast.groupId, 'Waiting for approval');
    expect(pending.status).toBe('pending');
    expect((await askRaw(cast.subscriber, cast.groupId, 'Refused while pending')).statusCode).toBe(409);

    // hidden does not count
    await app.db.update(questions).set({ isHidden: true }).where(eq(questions.id, pending.id));
    const open = await ask(app, cast.subscriber, cast.groupId, 'Asked after the hide');
    expect((await askRaw(cast.subscriber, cast.groupId, 'Refused again')).statusCode).toBe(409);

    // merged into another question does not count (its votes went there)
    const other = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id, status: 'open' });
    await app.db.update(questions).set({ mergedIntoId: other, mergedAt: new Date() }).where(eq(questions.id, open.id));
    const afterMerge = await askRaw(cast.subscriber, cast.groupId, 'Asked after the merge');
    expect(afterMerge.statusCode, afterMerge.body).toBe(201);

    // another group's questions are another queue
    const elsewhere = await castWithCap(1);
    expect((await setSubscription(app, cast.subscriber, elsewhere.groupId, true)).statusCode).toBe(200);
    expect((await askRaw(cast.subscriber, elsewhere.groupId, 'In the other group')).statusCode).toBe(201);

    // a question waiting in the answer-later list is still open: it counts
    const later = await castWithCap(1);
    const waiting = await ask(app, later.subscriber, later.groupId, 'Carried to later');
    await app.db.update(questions).set({ answerLaterAt: new Date() }).where(eq(questions.id, waiting.id));
    expect((await askRaw(later.subscriber, later.groupId, 'Refused: one waits')).statusCode).toBe(409);
  });

  it('lets no more than the cap through when one person asks many times at once', async () => {
    for (const cap of [1, 3]) {
      const cast = await castWithCap(cap);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) => askRaw(cast.subscriber, cast.groupId, `At once ${index}`)),
      );
      const statuses = answers.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(cap);
      expect(statuses.filter((status) => status === 409)).toHaveLength(8 - cap);
      const [stored] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(questions)
        .where(eq(questions.groupId, cast.groupId));
      expect(stored?.n).toBe(cap);
    }
  });

  it('keeps two people’s parallel asks apart: each gets their own places', async () => {
    const cast = await castWithCap(2);
    const answers = await Promise.all(
      [cast.subscriber, cast.member, cast.subscriber, cast.member, cast.subscriber, cast.member].map((person, index) =>
        askRaw(person, cast.groupId, `Parallel ${index}`),
      ),
    );
    expect(answers.filter((response) => response.statusCode === 201)).toHaveLength(4);
  });
});

/** Questions written directly with their votes and age (hours before now). */
async function buildAged(groupId: string, authorId: string, specs: { votes: number; hours: number }[]) {
  const now = Date.now();
  const ids: string[] = [];
  for (const [index, spec] of specs.entries()) {
    ids.push(
      await buildQuestion(app, {
        groupId,
        authorId,
        body: `Aged ${index}: ${spec.votes} votes, ${spec.hours} h`,
        status: 'open',
        likeCount: spec.votes,
        createdAt: new Date(now - spec.hours * HOUR),
      }),
    );
  }
  return ids;
}

/** The expected fresh order of `specs` (their ids) at `now`, ties by age then id as the server breaks them. */
function expectedFresh(ids: string[], specs: { votes: number; hours: number }[]) {
  return ids
    .map((id, index) => ({ id, spec: specs[index] ?? { votes: 0, hours: 0 } }))
    .sort(
      (a, b) =>
        freshScore(b.spec.votes, b.spec.hours) - freshScore(a.spec.votes, a.spec.hours) ||
        b.spec.hours - a.spec.hours ||
        (a.id < b.id ? -1 : 1),
    )
    .map((item) => item.id);
}

describe('the fresh order', () => {
  it('ranks by (votes + 1) / (age in hours + 2) ^ 1.5, so a late question with fewer votes can lead', async () => {
    const cast = await buildAmaCast(app);
    const specs = [
      { votes: 40, hours: 48 }, // old favourite: 41 / 50^1.5 ≈ 0.116
      { votes: 3, hours: 0.5 }, // new and liked: 4 / 2.5^1.5 ≈ 1.012
      { votes: 10, hours: 5 }, // 11 / 7^1.5 ≈ 0.594
      { votes: 0, hours: 1 }, // 1 / 3^1.5 ≈ 0.192
      { votes: 20, hours: 24 }, // 21 / 26^1.5 ≈ 0.158
    ];
    const ids = await buildAged(cast.groupId, cast.member.id, specs);
    const page = await listQueue(app, null, cast.groupId, 'sort=fresh');
    expect(page.questions.map((question) => question.id)).toEqual(expectedFresh(ids, specs));
    expect(page.questions.map((question) => question.id)).toEqual([ids[1], ids[2], ids[3], ids[4], ids[0]]);
    // top keeps the old favourite first
    const top = await listQueue(app, null, cast.groupId, 'sort=top');
    expect(top.questions[0]?.id).toBe(ids[0]);
  });

  it('pages exactly: no question twice, none left out, while votes and new questions arrive', async () => {
    const cast = await buildAmaCast(app);
    // scores at least 0.3 % apart, so the seconds a test takes cannot swap two of them
    const specs = Array.from({ length: 23 }, (_, index) => ({
      votes: (index * 7) % 11,
      hours: 1 + ((index * 5) % 17) + index * 0.07,
    }));
    // an exact tie (same votes, same age): the id decides
    specs.push({ votes: 4, hours: 6.1 }, { votes: 4, hours: 6.1 });
    const ids = await buildAged(cast.groupId, cast.member.id, specs);
    // the exact ties share one creation time
    const tiedAt = new Date(Date.now() - 6.1 * HOUR);
    await app.db
      .update(questions)
      .set({ createdAt: tiedAt })
      .where(inArray(questions.id, ids.slice(-2)));
    const expected = expectedFresh(ids, specs);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `sort=fresh&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await listQueue(app, cast.subscriber, cast.groupId, query);
      seen.push(...page.questions.map((question) => question.id));
      cursor = page.nextCursor;
      pages += 1;
      // between pages: the questions already shown gain votes, and new ones are asked
      const shown = page.questions.map((question) => question.id);
      if (shown.length > 0) {
        await app.db
          .update(questions)
          .set({ likeCount: sql`${questions.likeCount} + 50` })
          .where(inArray(questions.id, shown));
      }
      await ask(app, cast.subscriber, cast.groupId, `Asked during paging ${pages}`);
    } while (cursor !== null && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
    expect(pages).toBe(7);

    // a new reading starts from a new reference time: the questions asked meanwhile are in it
    const again = await listQueue(app, null, cast.groupId, 'sort=fresh&limit=50');
    expect(again.questions.filter((question) => question.body.startsWith('Asked during paging'))).toHaveLength(7);
    expect(again.questions).toHaveLength(25 + 7);
  });

  it('refuses a cursor of another order with a sentence', async () => {
    const cast = await buildAmaCast(app);
    await buildAged(cast.groupId, cast.member.id, [
      { votes: 1, hours: 1 },
      { votes: 2, hours: 2 },
    ]);
    const top = await listQueue(app, null, cast.groupId, 'sort=top&limit=1');
    expect(top.nextCursor).not.toBeNull();
    const wrong = await call(
      app,
      null,
      'GET',
      `/api/groups/${cast.groupId}/questions?sort=fresh&cursor=${top.nextCursor}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(INVALID_CURSOR_MESSAGE);
    const fresh = await listQueue(app, null, cast.groupId, 'sort=fresh&limit=1');
    const back = await call(
      app,
      null,
      'GET',
      `/api/groups/${cast.groupId}/questions?sort=top&cursor=${fresh.nextCursor}`,
    );
    expect(back.statusCode).toBe(400);
  });

  it('is the order of a group that chose it when no sort is asked for, and follows the setting at once', async () => {
    const cast = await buildAmaCast(app);
    const specs = [
      { votes: 30, hours: 40 },
      { votes: 1, hours: 0.2 },
    ];
    const ids = await buildAged(cast.groupId, cast.member.id, specs);
    const order = async () => (await listQueue(app, cast.subscriber, cast.groupId)).questions.map((q) => q.id);
    expect(await order()).toEqual([ids[0], ids[1]]);
    expect((await patchGroup(cast.host, cast.groupId, { freshOrder: true })).statusCode).toBe(200);
    expect(await order()).toEqual([ids[1], ids[0]]);
    // its pages follow with fresh cursors
    const first = await listQueue(app, null, cast.groupId, 'limit=1');
    const second = await listQueue(app, null, cast.groupId, `limit=1&cursor=${first.nextCursor}`);
    expect([first.questions[0]?.id, second.questions[0]?.id]).toEqual([ids[1], ids[0]]);
    expect((await patchGroup(cast.host, cast.groupId, { freshOrder: false })).statusCode).toBe(200);
    expect(await order()).toEqual([ids[0], ids[1]]);
  });
});

describe('the answer-later view', () => {
  it('lists the open questions waiting for later, to everyone, by votes or as sorted', async () => {
    const cast = await buildAmaCast(app);
    const asker = await signUp(app, 'later');
    expect((await setSubscription(app, asker, cast.groupId, true)).statusCode).toBe(200);
    const base = { groupId: cast.groupId, authorId: asker.id };
    const laterAt = new Date();
    const waitingFew = await buildQuestion(app, {
      ...base,
      body: 'Later, few votes',
      likeCount: 1,
      answerLaterAt: laterAt,
    });
    const waitingMany = await buildQuestion(app, {
      ...base,
      body: 'Later, many votes',
      likeCount: 9,
      answerLaterAt: laterAt,
      createdAt: new Date(Date.now() - 3 * HOUR),
    });
    await buildQuestion(app, { ...base, body: 'Not carried', likeCount: 50 });
    await buildQuestion(app, { ...base, body: 'Later but answered', status: 'answered', answerLaterAt: laterAt });
    await buildQuestion(app, { ...base, body: 'Later but hidden', isHidden: true, answerLaterAt: laterAt });
    await buildQuestion(app, { ...base, body: 'Later but pending', status: 'pending', answerLaterAt: laterAt });
    const into = await buildQuestion(app, { ...base, body: 'Merge target' });
    await buildQuestion(app, { ...base, body: 'Later but merged', answerLaterAt: laterAt, mergedIntoId: into });

    for (const person of [null, cast.guest, cast.subscriber, cast.host, asker]) {
      const page = await listQueue(app, person, cast.groupId, 'view=later');
      expect(page.questions.map((question) => question.id)).toEqual([waitingMany, waitingFew]);
    }
    const byNew = await listQueue(app, null, cast.groupId, 'view=later&sort=new');
    expect(byNew.questions.map((question) => question.id)).toEqual([waitingFew, waitingMany]);
    const paged = await listQueue(app, null, cast.groupId, 'view=later&limit=1');
    const rest = await listQueue(app, null, cast.groupId, `view=later&limit=1&cursor=${paged.nextCursor}`);
    expect([...paged.questions, ...rest.questions].map((question) => question.id)).toEqual([waitingMany, waitingFew]);
    expect(rest.nextCursor).toBeNull();
    const fresh = await listQueue(app, null, cast.groupId, 'view=later&sort=fresh');
    expect(fresh.questions.map((question) => question.id)).toEqual([waitingMany, waitingFew]);
  });
});
