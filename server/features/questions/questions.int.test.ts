import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { NEW_ITEMS_COUNT_CAP } from '#shared/constants/limits.ts';
import { PERMISSION_REASONS, SIGN_IN_TO_INTERACT } from '#shared/lib/permissions.ts';
import { SubscriptionListResponseSchema } from '#shared/schemas/groups.ts';
import { QuestionResponseSchema, SimilarQuestionsResponseSchema } from '#shared/schemas/questions.ts';
import { answers, comments, groups, likes, questions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  type AmaCast,
  ask,
  buildAmaCast,
  buildQuestion,
  call,
  listQueue,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Role = 'host' | 'member' | 'subscriber' | 'guest' | 'signedOut';
const ROLES: Role[] = ['host', 'member', 'subscriber', 'guest', 'signedOut'];
const personOf = (cast: AmaCast, role: Role): TestPerson | null => (role === 'signedOut' ? null : cast[role]);

const answer = (person: TestPerson | null, questionId: string, body = 'The answer') =>
  call(app, person, 'PUT', `/api/questions/${questionId}/answer`, { body });
const moderate = (person: TestPerson | null, questionId: string, input: object) =>
  call(app, person, 'PATCH', `/api/questions/${questionId}/moderation`, input);

describe('who may ask, answer and moderate', () => {
  it('follows the rule for asking, and keeps answering and moderation to the host', async () => {
    const cast = await buildAmaCast(app);
    const expected: Record<Role, { ask: [number, string]; answer: [number, string]; moderate: [number, string] }> = {
      host: { ask: [201, ''], answer: [200, ''], moderate: [200, ''] },
      member: {
        ask: [201, ''],
        answer: [403, CONTENT_MESSAGES.onlyHostAnswers],
        moderate: [403, CONTENT_MESSAGES.onlyHostModerates],
      },
      subscriber: {
        ask: [201, ''],
        answer: [403, CONTENT_MESSAGES.onlyHostAnswers],
        moderate: [403, CONTENT_MESSAGES.onlyHostModerates],
      },
      guest: {
        ask: [403, PERMISSION_REASONS.guest],
        answer: [403, CONTENT_MESSAGES.onlyHostAnswers],
        moderate: [403, CONTENT_MESSAGES.onlyHostModerates],
      },
      signedOut: { ask: [401, SIGN_IN_TO_INTERACT], answer: [401, ''], moderate: [401, ''] },
    };
    const target = await ask(app, cast.subscriber, cast.groupId, 'Who answers this one?');
    for (const role of ROLES) {
      const person = personOf(cast, role);
      const asked = await call(app, person, 'POST', `/api/groups/${cast.groupId}/questions`, { body: `From ${role}` });
      expect([role, asked.statusCode], asked.body).toEqual([role, expected[role].ask[0]]);
      if (expected[role].ask[1]) expect(asked.json().error.message).toBe(expected[role].ask[1]);
      if (role === 'guest') expect(asked.json().error.code).toBe('subscription_required');

      const answered = await answer(person, target.id);
      expect([role, answered.statusCode]).toEqual([role, expected[role].answer[0]]);
      if (expected[role].answer[1]) expect(answered.json().error.message).toBe(expected[role].answer[1]);

      const pinned = await moderate(person, target.id, { isPinned: true });
      expect([role, pinned.statusCode]).toEqual([role, expected[role].moderate[0]]);
      if (expected[role].moderate[1]) expect(pinned.json().error.message).toBe(expected[role].moderate[1]);
    }
    // only the host's answer was stored
    const stored = await app.db.select().from(answers).where(eq(answers.questionId, target.id));
    expect(stored.map((row) => row.authorId)).toEqual([cast.host.id]);
  });

  it('refuses questions outside ama groups, empty ones and long ones; stores the trimmed text', async () => {
    const plain = await buildAmaCast(app, { ama: false });
    const refused = await call(app, plain.host, 'POST', `/api/groups/${plain.groupId}/questions`, { body: 'Hi?' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.questionsOnlyInAma);

    const cast = await buildAmaCast(app);
    const url = `/api/groups/${cast.groupId}/questions`;
    const cases: [string, string][] = [
      ['   ', CONTENT_MESSAGES.questionEmpty],
      ['x'.repeat(501), CONTENT_MESSAGES.questionTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, cast.subscriber, 'POST', url, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { body: message } });
    }
    const longest = await ask(app, cast.subscriber, cast.groupId, ` ${'y'.repeat(500)} `);
    expect(longest.body).toBe('y'.repeat(500));
    const emptyAnswer = await answer(cast.host, longest.id, '  ');
    expect(emptyAnswer.statusCode).toBe(400);
    expect(emptyAnswer.json().error.message).toBe(CONTENT_MESSAGES.answerEmpty);
    const [row] = await app.db.select().from(questions).where(eq(questions.id, longest.id));
    expect(row?.status).toBe('open');
  });

  it('stores script and markup byte for byte and returns it as text', async () => {
    const cast = await buildAmaCast(app);
    const xss = `<script>alert("x")</script><img src=x onerror="alert(1)"> & 'quotes' \u202e`;
    const question = await ask(app, cast.subscriber, cast.groupId, xss);
    expect(question.body).toBe(xss);
    const answered = await answer(cast.host, question.id, `<b onclick="steal()">yes</b>`);
    expect(QuestionResponseSchema.parse(answered.json()).question.answer?.body).toBe(`<b onclick="steal()">yes</b>`);
    const [row] = await app.db.select({ body: questions.body }).from(questions).where(eq(questions.id, question.id));
    expect(row?.body).toBe(xss);
    const page = await listQueue(app, null, cast.groupId, 'view=answered');
    expect(page.questions[0]?.body).toBe(xss);
  });
});

describe('the queue', () => {
  it('orders top by votes then age, new by time, and pages both with cursors', async () => {
    const cast = await buildAmaCast(app);
    const base = Date.parse('2030-01-01T00:00:00Z');
    const votes = [0, 5, 2, 5, 0, 1, 3];
    const ids: string[] = [];
    for (const [index, likeCount] of votes.entries()) {
      ids.push(
        await buildQuestion(app, {
          groupId: cast.groupId,
          authorId: cast.subscriber.id,
          body: `Question ${index}`,
          likeCount,
          createdAt: new Date(base + index * 1000),
        }),
      );
    }
    const walk = async (sort: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listQueue(
          app,
          cast.guest,
          cast.groupId,
          `sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.questions.length).toBeLessThanOrEqual(3);
        seen.push(...page.questions.map((question) => question.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const at = (index: number) => ids[index] as string;
    expect(await walk('top')).toEqual([at(1), at(3), at(6), at(2), at(5), at(0), at(4)]);
    expect(await walk('new')).toEqual([...ids].reverse());
    const bad = await call(app, null, 'GET', `/api/groups/${cast.groupId}/questions?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('uses the created index for new pages', async () => {
    const cast = await buildAmaCast(app);
    await buildQuestion(app, { groupId: cast.groupId, authorId: cast.host.id });
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(
        sql`explain select id from questions where group_id = ${cast.groupId} and status = 'open'
            and (created_at, id) < (now(), '00000000-0000-4000-8000-000000000000'::uuid)
            order by created_at desc, id desc limit 21`,
      );
      expect(JSON.stringify(plan.rows)).toContain('questions_group_created_idx');
    });
  });

  it('moves answered questions to the answered view, with the answer, editable', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'What is next?');
    const first = QuestionResponseSchema.parse((await answer(cast.host, question.id, 'A book')).json()).question;
    expect(first).toMatchObject({ status: 'answered', answer: { body: 'A book', editedAt: null } });
    expect(first.answeredAt).not.toBeNull();
    const edited = QuestionResponseSchema.parse((await answer(cast.host, question.id, 'Two books')).json()).question;
    expect(edited.answer).toMatchObject({ id: first.answer?.id, body: 'Two books' });
    expect(edited.answer?.editedAt).not.toBeNull();
    expect(edited.answeredAt).toBe(first.answeredAt);

    expect((await listQueue(app, null, cast.groupId)).questions).toEqual([]);
    const answered = await listQueue(app, cast.subscriber, cast.groupId, 'view=answered');
    expect(answered.questions.map((item) => [item.id, item.answer?.body, item.permissions])).toEqual([
      [question.id, 'Two books', { canEdit: false, canDelete: true }],
    ]);
    const noEdit = await call(app, cast.subscriber, 'PATCH', `/api/questions/${question.id}`, { body: 'Changed' });
    expect(noEdit.statusCode).toBe(400);
    expect(noEdit.json().error.message).toBe(CONTENT_MESSAGES.questionAnsweredNoEdit);
    // the host can reopen it
    const reopened = QuestionResponseSchema.parse((await moderate(cast.host, question.id, { status: 'open' })).json());
    expect(reopened.question).toMatchObject({ status: 'open', answeredAt: null });
  });

  it('tells each viewer whether they liked a question and its answer', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.member, cast.groupId, 'Liked?');
    await answer(cast.host, question.id);
    const [row] = await app.db.select({ id: answers.id }).from(answers).where(eq(answers.questionId, question.id));
    await app.db.insert(likes).values([
      { targetType: 'question', targetId: question.id, userId: cast.subscriber.id, groupId: cast.groupId },
      { targetType: 'answer', targetId: row?.id ?? '', userId: cast.subscriber.id, groupId: cast.groupId },
    ]);
    const mine = (await listQueue(app, cast.subscriber, cast.groupId, 'view=answered')).questions[0];
    expect([mine?.isLiked, mine?.answer?.isLiked]).toEqual([true, true]);
    const theirs = (await listQueue(app, cast.guest, cast.groupId, 'view=answered')).questions[0];
    expect([theirs?.isLiked, theirs?.answer?.isLiked]).toEqual([false, false]);
  });

  it('lets authors edit their open questions and authors or the host delete, with answer, comments and likes', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Typo qestion');
    expect(question.permissions).toEqual({ canEdit: true, canDelete: true });
    const byOther = await call(app, cast.member, 'PATCH', `/api/questions/${question.id}`, { body: 'Mine now' });
    expect(byOther.statusCode).toBe(403);
    const edited = await call(app, cast.subscriber, 'PATCH', `/api/questions/${question.id}`, {
      body: ' Typo question ',
    });
    expect(QuestionResponseSchema.parse(edited.json()).question).toMatchObject({ body: 'Typo question' });
    expect(edited.json().question.editedAt).not.toBeNull();
    const hostView = (await listQueue(app, cast.host, cast.groupId)).questions[0];
    expect(hostView?.permissions).toEqual({ canEdit: false, canDelete: true });
    const memberView = (await listQueue(app, cast.member, cast.groupId)).questions[0];
    expect(memberView?.permissions).toEqual({ canEdit: false, canDelete: false });

    await answer(cast.host, question.id);
    const [answerRow] = await app.db.select().from(answers).where(eq(answers.questionId, question.id));
    const [comment] = await app.db
      .insert(comments)
      .values({
        groupId: cast.groupId,
        parentType: 'question',
        parentId: question.id,
        authorId: cast.member.id,
        body: 'c',
      })
      .returning();
    await app.db.insert(likes).values([
      { targetType: 'question', targetId: question.id, userId: cast.member.id, groupId: cast.groupId },
      { targetType: 'answer', targetId: answerRow?.id ?? '', userId: cast.member.id, groupId: cast.groupId },
      { targetType: 'comment', targetId: comment?.id ?? '', userId: cast.member.id, groupId: cast.groupId },
    ]);
    const refused = await call(app, cast.member, 'DELETE', `/api/questions/${question.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.cannotDelete);
    expect((await call(app, cast.host, 'DELETE', `/api/questions/${question.id}`)).statusCode).toBe(204);
    expect(await app.db.select().from(questions).where(eq(questions.id, question.id))).toEqual([]);
    expect(await app.db.select().from(answers).where(eq(answers.questionId, question.id))).toEqual([]);
    expect(await app.db.select().from(comments).where(eq(comments.parentId, question.id))).toEqual([]);
    expect(await app.db.select().from(likes).where(eq(likes.userId, cast.member.id))).toEqual([]);

    const own = await ask(app, cast.subscriber, cast.groupId, 'Delete me');
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${own.id}`)).statusCode).toBe(204);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${own.id}`)).statusCode).toBe(404);
  });
});

describe('approval, hiding and pinning', () => {
  it('keeps pending questions to the host and their author until approved', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const pending = await ask(app, cast.subscriber, cast.groupId, 'Waiting for approval?');
    expect(pending.status).toBe('pending');
    const byHost = await ask(app, cast.host, cast.groupId, 'The host asks directly');
    expect(byHost.status).toBe('open');

    expect((await listQueue(app, cast.member, cast.groupId)).questions.map((q) => q.id)).toEqual([byHost.id]);
    expect((await listQueue(app, null, cast.groupId)).questions.map((q) => q.id)).toEqual([byHost.id]);
    const own = await listQueue(app, cast.subscriber, cast.groupId, 'sort=new');
    expect(own.questions.map((q) => [q.id, q.status])).toEqual([
      [byHost.id, 'open'],
      [pending.id, 'pending'],
    ]);
    for (const person of [cast.member, cast.subscriber, null]) {
      const response = await call(app, person, 'GET', `/api/groups/${cast.groupId}/questions?view=pending`);
      expect(response.statusCode).toBe(403);
    }
    expect((await listQueue(app, cast.host, cast.groupId, 'view=pending')).questions.map((q) => q.id)).toEqual([
      pending.id,
    ]);
    const similar = await call(
      app,
      cast.member,
      'GET',
      `/api/groups/${cast.groupId}/questions/similar?q=waiting approval`,
    );
    expect(SimilarQuestionsResponseSchema.parse(similar.json()).questions).toEqual([]);

    const approved = await moderate(cast.host, pending.id, { isApproved: true });
    expect(QuestionResponseSchema.parse(approved.json()).question.status).toBe('open');
    expect((await listQueue(app, cast.member, cast.groupId)).questions.map((q) => q.id).sort()).toEqual(
      [byHost.id, pending.id].sort(),
    );
    expect((await listQueue(app, cast.host, cast.groupId, 'view=pending')).questions).toEqual([]);
  });

  it('shows hidden questions to the host and their author only', async () => {
    const cast = await buildAmaCast(app);
    const abusive = await ask(app, cast.subscriber, cast.groupId, 'Something abusive');
    const fine = await ask(app, cast.member, cast.groupId, 'Something fine');
    const hidden = QuestionResponseSchema.parse((await moderate(cast.host, abusive.id, { isHidden: true })).json());
    expect(hidden.question.isHidden).toBe(true);

    expect((await listQueue(app, cast.member, cast.groupId)).questions.map((q) => q.id)).toEqual([fine.id]);
    expect((await listQueue(app, null, cast.groupId)).questions.map((q) => q.id)).toEqual([fine.id]);
    const author = await listQueue(app, cast.subscriber, cast.groupId, 'sort=new');
    expect(author.questions.map((q) => [q.id, q.isHidden])).toEqual([
      [fine.id, false],
      [abusive.id, true],
    ]);
    expect((await listQueue(app, cast.host, cast.groupId, 'view=hidden')).questions.map((q) => q.id)).toEqual([
      abusive.id,
    ]);
    const forbidden = await call(app, cast.member, 'GET', `/api/groups/${cast.groupId}/questions?view=hidden`);
    expect(forbidden.statusCode).toBe(403);
    const edit = await call(app, cast.subscriber, 'PATCH', `/api/questions/${abusive.id}`, { body: 'Sorry' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(CONTENT_MESSAGES.itemHidden);
    const pin = await moderate(cast.host, abusive.id, { isPinned: true });
    expect(pin.statusCode).toBe(400);
  });

  it('pins one question at a time, for everyone, and unpins on hiding', async () => {
    const cast = await buildAmaCast(app);
    const first = await ask(app, cast.subscriber, cast.groupId, 'First to pin');
    const second = await ask(app, cast.member, cast.groupId, 'Second to pin');
    const pinned = QuestionResponseSchema.parse((await moderate(cast.host, first.id, { isPinned: true })).json());
    expect(pinned.question).toMatchObject({ isPinned: true });
    let page = await listQueue(app, cast.guest, cast.groupId);
    expect(page.pinned?.id).toBe(first.id);
    expect(page.questions.map((q) => q.id)).toEqual([second.id]);

    await moderate(cast.host, second.id, { isPinned: true });
    page = await listQueue(app, null, cast.groupId);
    expect(page.pinned?.id).toBe(second.id);
    expect(page.questions.map((q) => q.id)).toEqual([first.id]);
    const pinnedRows = await app.db
      .select({ id: questions.id })
      .from(questions)
      .where(sql`${questions.groupId} = ${cast.groupId} and ${questions.pinnedAt} is not null`);
    expect(pinnedRows).toEqual([{ id: second.id }]);

    // concurrent pins still leave exactly one
    const results = await Promise.all([
      moderate(cast.host, first.id, { isPinned: true }),
      moderate(cast.host, second.id, { isPinned: true }),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const afterRace = await app.db
      .select({ id: questions.id })
      .from(questions)
      .where(sql`${questions.groupId} = ${cast.groupId} and ${questions.pinnedAt} is not null`);
    expect(afterRace).toHaveLength(1);

    const current = afterRace[0]?.id ?? '';
    await moderate(cast.host, current, { isHidden: true });
    page = await listQueue(app, null, cast.groupId);
    expect(page.pinned).toBeNull();
  });
});

describe('similar questions', () => {
  it('suggests visible questions like the text typed, best first', async () => {
    const cast = await buildAmaCast(app);
    const sourdough = await ask(app, cast.subscriber, cast.groupId, 'How do you proof sourdough overnight?');
    await ask(app, cast.member, cast.groupId, 'Where should I park my bike?');
    const other = await buildAmaCast(app);
    await ask(app, other.subscriber, other.groupId, 'How do you proof sourdough overnight?');

    const similar = async (q: string) => {
      const response = await call(
        app,
        cast.guest,
        'GET',
        `/api/groups/${cast.groupId}/questions/similar?q=${encodeURIComponent(q)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return SimilarQuestionsResponseSchema.parse(response.json()).questions;
    };
    const found = await similar('proofing sourdough overnight');
    expect(found.map((item) => item.id)).toEqual([sourdough.id]);
    expect(found[0]).toMatchObject({ status: 'open', isLiked: false, likeCount: 0 });
    expect(found[0]?.similarity).toBeGreaterThan(0.3);
    expect(await similar('quarterly tax filing deadline')).toEqual([]);
    expect(await similar('pr')).toEqual([]);
  });
});

describe('subscription list counts', () => {
  /** The subscriber's new questions, new answers and whether the group has news, as their list shows them. */
  const countsIn = async (cast: Awaited<ReturnType<typeof buildAmaCast>>) => {
    const response = await call(app, cast.subscriber, 'GET', '/api/me/subscriptions');
    const item = SubscriptionListResponseSchema.parse(response.json()).subscriptions.find(
      (entry) => entry.groupId === cast.groupId,
    );
    return [item?.newQuestionsCount, item?.newAnswersCount, item?.hasNewActivity];
  };

  it('counts visible questions and answers since the last visit', async () => {
    const cast = await buildAmaCast(app);
    const reader = cast.subscriber;
    const countsOf = () => countsIn(cast);
    expect(await countsOf()).toEqual([0, 0, false]);
    const first = await ask(app, cast.member, cast.groupId, 'One');
    const hiddenOne = await ask(app, cast.member, cast.groupId, 'Two');
    await moderate(cast.host, hiddenOne.id, { isHidden: true });
    await answer(cast.host, first.id);
    expect(await countsOf()).toEqual([1, 1, true]);

    expect((await call(app, reader, 'POST', `/api/groups/${cast.groupId}/viewed`)).statusCode).toBeLessThan(300);
    expect(await countsOf()).toEqual([0, 0, false]);
    await ask(app, cast.member, cast.groupId, 'Three');
    expect(await countsOf()).toEqual([1, 0, true]);
    const [group] = await app.db.select().from(groups).where(eq(groups.id, cast.groupId));
    expect(group?.lastActivityAt).not.toBeNull();
  });

  it('leaves out the answer of a question hidden after it was answered, and counts it again once shown', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.member, cast.groupId, 'Answered, then hidden');
    await answer(cast.host, question.id);
    expect(await countsIn(cast)).toEqual([1, 1, true]);
    const hiddenOfAnswer = async () =>
      (
        await app.db.select({ hidden: answers.questionHidden }).from(answers).where(eq(answers.questionId, question.id))
      )[0]?.hidden;
    expect(await hiddenOfAnswer()).toBe(false);

    await moderate(cast.host, question.id, { isHidden: true });
    expect(await hiddenOfAnswer()).toBe(true);
    expect(await countsIn(cast)).toEqual([0, 0, true]);
    // the answer follows its question whatever writes it: a direct write cannot unhide it
    await app.db.update(answers).set({ questionHidden: false }).where(eq(answers.questionId, question.id));
    expect(await hiddenOfAnswer()).toBe(true);

    await moderate(cast.host, question.id, { isHidden: false });
    expect(await hiddenOfAnswer()).toBe(false);
    expect(await countsIn(cast)).toEqual([1, 1, true]);
  });

  it(`counts new questions and new answers up to ${String(NEW_ITEMS_COUNT_CAP)} each, only those since the last visit`, async () => {
    const cast = await buildAmaCast(app);
    const reader = cast.subscriber;
    const countsOf = async () => (await countsIn(cast)).slice(0, 2);
    // more than the cap, straight into the tables (asking through the API would meet its rate limit)
    const insertQuestions = async (count: number, minutesAgo: number) => {
      const rows = await app.db
        .insert(questions)
        .values(
          Array.from({ length: count }, (_, index) => ({
            groupId: cast.groupId,
            authorId: cast.member.id,
            body: `Question ${String(index)}`,
            status: 'answered' as const,
            createdAt: sql`now() - make_interval(mins => ${minutesAgo}, secs => ${index})`,
          })),
        )
        .returning({ id: questions.id });
      await app.db.insert(answers).values(
        rows.map((row, index) => ({
          questionId: row.id,
          groupId: cast.groupId,
          authorId: cast.host.id,
          body: `Answer ${String(index)}`,
          createdAt: sql`now() - make_interval(mins => ${minutesAgo}, secs => ${index})`,
        })),
      );
    };
    await insertQuestions(NEW_ITEMS_COUNT_CAP + 5, 60);
    expect(await countsOf()).toEqual([NEW_ITEMS_COUNT_CAP, NEW_ITEMS_COUNT_CAP]);

    expect((await call(app, reader, 'POST', `/api/groups/${cast.groupId}/viewed`)).statusCode).toBeLessThan(300);
    await ask(app, cast.member, cast.groupId, 'One more since the visit');
    expect(await countsOf()).toEqual([1, 0]);
  });
});
