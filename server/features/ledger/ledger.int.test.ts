import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { LEDGER_PAGE_SIZE } from '#shared/constants/ledger.ts';
import { GroupLedgerResponseSchema, type LedgerEntry, SessionLedgerResponseSchema } from '#shared/schemas/ledger.ts';
import { moderationLedger } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import {
  ask,
  buildAmaCast,
  buildQuestion,
  buildSession,
  call,
  signUp,
  uniqueSuffix,
  type TestPerson,
} from '../../test/factories.ts';
import { grantAdmin } from '../admin/grant-admin.ts';

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

const moderate = (person: TestPerson, questionId: string, input: object) =>
  call(app, person, 'PATCH', `/api/questions/${questionId}/moderation`, input);

/** The entries written for one question, oldest first, straight from the table. */
const entriesOf = (questionId: string) =>
  app.db
    .select({ action: moderationLedger.action, reason: moderationLedger.reason, role: moderationLedger.role })
    .from(moderationLedger)
    .where(eq(moderationLedger.questionId, questionId))
    .orderBy(moderationLedger.id);

async function groupLedger(person: TestPerson | null, groupId: string, query = '') {
  const response = await call(app, person, 'GET', `/api/groups/${groupId}/ledger${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, ...GroupLedgerResponseSchema.parse(response.json()) };
}

async function sessionLedger(person: TestPerson | null, sessionId: string, query = '') {
  const response = await call(app, person, 'GET', `/api/sessions/${sessionId}/ledger${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, ...SessionLedgerResponseSchema.parse(response.json()) };
}

describe('writing the moderation ledger', () => {
  it('writes one entry per moderation, with its reason and the host role', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Hide me?');

    expect((await moderate(cast.host, question.id, { isHidden: true, reason: 'off_topic' })).statusCode).toBe(200);
    expect(await entriesOf(question.id)).toEqual([{ action: 'hidden', reason: 'off_topic', role: 'host' }]);

    // hiding a hidden question again, pinning, answering and statuses are not moderation entries
    expect((await moderate(cast.host, question.id, { isHidden: true, reason: 'spam' })).statusCode).toBe(200);
    expect((await moderate(cast.host, question.id, { isHidden: false })).statusCode).toBe(200);
    expect((await moderate(cast.host, question.id, { isPinned: true })).statusCode).toBe(200);
    expect((await moderate(cast.host, question.id, { status: 'answered' })).statusCode).toBe(200);
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Yes.' });
    expect(answered.statusCode).toBe(200);
    // an existing client's hide, without a reason, is 'other'
    expect((await moderate(cast.host, question.id, { isHidden: true })).statusCode).toBe(200);
    expect(await entriesOf(question.id)).toEqual([
      { action: 'hidden', reason: 'off_topic', role: 'host' },
      { action: 'unhidden', reason: null, role: 'host' },
      { action: 'hidden', reason: 'other', role: 'host' },
    ]);
  });

  it('writes approvals and rejections of pending questions', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const approved = await ask(app, cast.subscriber, cast.groupId, 'Approve me?');
    const opened = await ask(app, cast.subscriber, cast.groupId, 'Open me?');
    const rejected = await ask(app, cast.subscriber, cast.groupId, 'Reject me?');
    const approvedAndHidden = await ask(app, cast.subscriber, cast.groupId, 'Approve and hide me?');
    expect(approved.status).toBe('pending');

    expect((await moderate(cast.host, approved.id, { isApproved: true })).statusCode).toBe(200);
    expect((await moderate(cast.host, opened.id, { status: 'open' })).statusCode).toBe(200);
    expect((await call(app, cast.host, 'DELETE', `/api/questions/${rejected.id}`)).statusCode).toBe(204);
    const both = await moderate(cast.host, approvedAndHidden.id, {
      isApproved: true,
      isHidden: true,
      reason: 'abusive',
    });
    expect(both.statusCode).toBe(200);

    expect(await entriesOf(approved.id)).toEqual([{ action: 'approved', reason: null, role: 'host' }]);
    expect(await entriesOf(opened.id)).toEqual([{ action: 'approved', reason: null, role: 'host' }]);
    expect(await entriesOf(rejected.id)).toEqual([{ action: 'rejected', reason: null, role: 'host' }]);
    expect(await entriesOf(approvedAndHidden.id)).toEqual([
      { action: 'approved', reason: null, role: 'host' },
      { action: 'hidden', reason: 'abusive', role: 'host' },
    ]);
  });

  it("writes the host's and an administrator's removals, not an author's own delete", async () => {
    const cast = await buildAmaCast(app);
    const byHost = await ask(app, cast.subscriber, cast.groupId, 'Removed by the host');
    const byAuthor = await ask(app, cast.subscriber, cast.groupId, 'Deleted by its author');
    const hostsOwn = await ask(app, cast.host, cast.groupId, "The host's own question");
    const byAdmin = await ask(app, cast.subscriber, cast.groupId, 'Removed by an administrator');
    const admin = await signUp(app, 'la');
    expect(await grantAdmin(app.db, admin.email)).toMatch(/^(granted|already-admin)$/);

    expect((await call(app, cast.host, 'DELETE', `/api/questions/${byHost.id}`)).statusCode).toBe(204);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${byAuthor.id}`)).statusCode).toBe(204);
    expect((await call(app, cast.host, 'DELETE', `/api/questions/${hostsOwn.id}`)).statusCode).toBe(204);
    const removed = await call(app, admin, 'DELETE', `/api/admin/content/question/${byAdmin.id}`);
    expect(removed.statusCode, removed.body).toBe(204);

    expect(await entriesOf(byHost.id)).toEqual([{ action: 'removed', reason: null, role: 'host' }]);
    expect(await entriesOf(byAuthor.id)).toEqual([]);
    expect(await entriesOf(hostsOwn.id)).toEqual([]);
    expect(await entriesOf(byAdmin.id)).toEqual([{ action: 'removed', reason: null, role: 'admin' }]);
  });

  it('refuses a reason without hiding, and a reason not on the list, writing nothing', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Reasons?');
    const alone = await moderate(cast.host, question.id, { reason: 'spam' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.message).toBe(CONTENT_MESSAGES.hideReasonAlone);
    expect((await moderate(cast.host, question.id, { isPinned: true, reason: 'spam' })).statusCode).toBe(400);
    expect((await moderate(cast.host, question.id, { isHidden: true, reason: 'because' })).statusCode).toBe(400);
    expect((await moderate(cast.subscriber, question.id, { isHidden: true, reason: 'spam' })).statusCode).toBe(403);
    expect(await entriesOf(question.id)).toEqual([]);
    expect((await listHidden(cast.host, cast.groupId)).length).toBe(0);
  });

  it('tells the group topic when an entry is written', async () => {
    const cast = await buildAmaCast(app);
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId });
    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(watcher);
    await watcher.next((message) => message.type === 'welcome');
    await watcher.subscribe(`group:${cast.groupId}`);
    expect((await moderate(cast.host, questionId, { isHidden: true, reason: 'duplicate' })).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'event' && m.event === 'ledger.added')).toEqual({
      type: 'event',
      topic: `group:${cast.groupId}`,
      event: 'ledger.added',
      ids: { groupId: cast.groupId, sessionId },
    });
  });
});

async function listHidden(host: TestPerson, groupId: string) {
  const response = await call(app, host, 'GET', `/api/groups/${groupId}/questions?view=hidden`);
  expect(response.statusCode).toBe(200);
  return response.json().questions as unknown[];
}

describe("the host's edits of questions", () => {
  const edit = (person: TestPerson, questionId: string, body: string) =>
    call(app, person, 'PATCH', `/api/questions/${questionId}`, { body });

  it("writes an 'edited' entry when the host changes someone else's question, and the question says so", async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'My phone number is 555-0100, call me');
    const edited = await edit(cast.host, question.id, 'Can I call you?');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      question: { body: 'Can I call you?', editedByHost: true, editedAt: expect.any(String) },
    });
    expect(await entriesOf(question.id)).toEqual([{ action: 'edited', reason: null, role: 'host' }]);
    // every reader sees the host's edit as such, the asker included
    for (const reader of [null, cast.guest, cast.subscriber]) {
      const read = await call(app, reader, 'GET', `/api/questions/${question.id}`);
      expect(read.json()).toMatchObject({ question: { body: 'Can I call you?', editedByHost: true } });
    }
    // the ledger names the edit, never the text before or after it
    const { body, entries } = await groupLedger(null, cast.groupId);
    expect(entries[0]).toMatchObject({ action: 'edited', role: 'host', question: { id: question.id } });
    expect(body).not.toContain('555-0100');
    expect(body).not.toContain('Can I call you');
  });

  it("writes no entry for an asker's edit of their own question, or the host's of their own", async () => {
    const cast = await buildAmaCast(app);
    const own = await ask(app, cast.subscriber, cast.groupId, 'First words');
    const hosts = await ask(app, cast.host, cast.groupId, "The host's question");
    expect((await edit(cast.subscriber, own.id, 'Better words')).json()).toMatchObject({
      question: { body: 'Better words', editedByHost: false },
    });
    expect((await edit(cast.host, hosts.id, 'Better question')).json()).toMatchObject({
      question: { editedByHost: false },
    });
    // the same text again changes nothing, and writes nothing
    const byHost = await ask(app, cast.subscriber, cast.groupId, 'Unchanged');
    const same = await edit(cast.host, byHost.id, 'Unchanged');
    expect(same.json()).toMatchObject({ question: { editedAt: null, editedByHost: false } });
    expect(await entriesOf(own.id)).toEqual([]);
    expect(await entriesOf(hosts.id)).toEqual([]);
    expect(await entriesOf(byHost.id)).toEqual([]);
  });

  it('refuses anyone else, an answered question and a merged one, changing nothing', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Leave my words alone');
    const refused = await edit(cast.member, question.id, 'Changed by a member');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: CONTENT_MESSAGES.notAuthorOrHost } });
    expect((await edit(cast.guest, question.id, 'Changed by a guest')).statusCode).toBe(403);

    const answered = await ask(app, cast.subscriber, cast.groupId, 'Answered already');
    await call(app, cast.host, 'PUT', `/api/questions/${answered.id}/answer`, { body: 'Yes.' });
    const late = await edit(cast.host, answered.id, 'Rewritten after the answer');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: { message: CONTENT_MESSAGES.questionAnsweredNoEdit } });

    const repeat = await ask(app, cast.subscriber, cast.groupId, 'A repeat');
    const merged = await call(app, cast.host, 'POST', `/api/questions/${repeat.id}/merge`, {
      intoQuestionId: question.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const frozen = await edit(cast.host, repeat.id, 'Rewritten while merged');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ error: { message: CONTENT_MESSAGES.questionIsMerged } });

    for (const id of [question.id, answered.id, repeat.id]) {
      expect(await entriesOf(id)).not.toContainEqual(expect.objectContaining({ action: 'edited' }));
    }
    const read = await call(app, cast.host, 'GET', `/api/questions/${question.id}`);
    expect(read.json()).toMatchObject({ question: { body: 'Leave my words alone', editedAt: null } });
  });

  it('lets the host edit a hidden question before showing it again, which its asker cannot', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Email me at someone@example.com');
    expect(
      (await moderate(cast.host, question.id, { isHidden: true, reason: 'personal_information' })).statusCode,
    ).toBe(200);
    expect((await edit(cast.subscriber, question.id, 'Still hidden?')).statusCode).toBe(403);
    expect((await edit(cast.host, question.id, 'Email me?')).statusCode).toBe(200);
    expect((await moderate(cast.host, question.id, { isHidden: false })).statusCode).toBe(200);
    expect(await entriesOf(question.id)).toEqual([
      { action: 'hidden', reason: 'personal_information', role: 'host' },
      { action: 'edited', reason: null, role: 'host' },
      { action: 'unhidden', reason: null, role: 'host' },
    ]);
  });
});

describe('reading the moderation ledger', () => {
  it('shows action, reason, role and time, never the hidden text, its author or the moderator', async () => {
    const cast = await buildAmaCast(app);
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const secret = `secret-words-${uniqueSuffix()}`;
    const hiddenId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      sessionId,
      body: `Something abusive ${secret}`,
    });
    const visible = await ask(app, cast.member, cast.groupId, `Pending then approved ${uniqueSuffix()}`);
    expect((await moderate(cast.host, hiddenId, { isHidden: true, reason: 'abusive' })).statusCode).toBe(200);

    for (const reader of [null, cast.guest, cast.subscriber, cast.member, cast.host]) {
      const groupPage = await groupLedger(reader, cast.groupId);
      const sessionPage = await sessionLedger(reader, sessionId);
      for (const raw of [groupPage.body, sessionPage.body]) {
        expect(raw).not.toContain(secret);
        expect(raw).not.toContain('abusive ');
        for (const person of [cast.subscriber, cast.host]) {
          expect(raw).not.toContain(person.id);
          expect(raw).not.toContain(person.username);
        }
      }
      const [entry] = sessionPage.entries;
      expect(sessionPage.entries).toHaveLength(1);
      expect(Object.keys(entry ?? {}).sort()).toEqual([
        'action',
        'createdAt',
        'id',
        'question',
        'reason',
        'role',
        'sessionId',
      ]);
      expect(entry).toMatchObject({ action: 'hidden', reason: 'abusive', role: 'host', sessionId });
      expect(entry?.question).toEqual({
        id: hiddenId,
        // only the author and the host may open a hidden question
        isVisible: reader?.id === cast.subscriber.id || reader?.id === cast.host.id,
      });
      expect(groupPage.entries.map((item) => item.question.id)).toEqual([hiddenId]);
    }
    expect(visible.status).toBe('open');
  });

  it('links a question only while the reader may open it', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const approved = await ask(app, cast.subscriber, cast.groupId, 'Approved one');
    const rejected = await ask(app, cast.subscriber, cast.groupId, 'Rejected one');
    expect((await moderate(cast.host, approved.id, { isApproved: true })).statusCode).toBe(200);
    expect((await call(app, cast.host, 'DELETE', `/api/questions/${rejected.id}`)).statusCode).toBe(204);
    for (const reader of [null, cast.subscriber, cast.host]) {
      const { entries } = await groupLedger(reader, cast.groupId);
      const byQuestion = (id: string) => entries.find((entry: LedgerEntry) => entry.question.id === id);
      expect(byQuestion(approved.id)).toMatchObject({ action: 'approved', question: { isVisible: true } });
      expect(byQuestion(rejected.id)).toMatchObject({ action: 'rejected', question: { isVisible: false } });
    }
  });

  it('walks its pages newest first, without a gap or a repeat', async () => {
    const cast = await buildAmaCast(app);
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId });
    const total = LEDGER_PAGE_SIZE * 2 + 7;
    // half of them in the same instant: the id breaks the tie
    await app.db.insert(moderationLedger).values(
      Array.from({ length: total }, (_, index) => ({
        groupId: cast.groupId,
        sessionId,
        questionId,
        action: index % 2 === 0 ? ('approved' as const) : ('unhidden' as const),
        role: 'host' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 2 === 0 ? index : 0)),
      })),
    );
    const expected = (
      await app.db
        .select({ id: moderationLedger.id })
        .from(moderationLedger)
        .where(eq(moderationLedger.groupId, cast.groupId))
        .orderBy(sql`${moderationLedger.createdAt} desc, ${moderationLedger.id} desc`)
    ).map((row) => String(row.id));

    for (const read of [
      (cursor: string) => groupLedger(null, cast.groupId, cursor),
      (cursor: string) => sessionLedger(null, sessionId, cursor),
    ]) {
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { entries: LedgerEntry[]; nextCursor: string | null } = await read(
          cursor ? `?cursor=${encodeURIComponent(cursor)}` : '',
        );
        sizes.push(page.entries.length);
        seen.push(...page.entries.map((entry) => entry.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE, 7]);
      expect(seen).toEqual(expected);
    }
    const bad = await call(app, null, 'GET', `/api/groups/${cast.groupId}/ledger?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
  });

  it("counts a session's questions asked, answered, hidden, merged and carried over", async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const otherSessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const build = (values: { status?: 'pending' | 'open' | 'answered'; sessionId?: string }) =>
      buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId, ...values });
    const answered = await build({ status: 'answered' });
    const hidden = await build({});
    const rejected = await build({ status: 'pending' });
    const withdrawn = await build({});
    await build({ status: 'pending' });
    await build({ sessionId: otherSessionId });
    await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id });
    expect((await sessionLedger(null, sessionId)).totals).toEqual({
      asked: 5,
      answered: 1,
      hidden: 0,
      merged: 0,
      carriedOver: 0,
    });

    expect((await moderate(cast.host, hidden, { isHidden: true, reason: 'spam' })).statusCode).toBe(200);
    expect((await moderate(cast.host, answered, { isHidden: true })).statusCode).toBe(200);
    expect((await call(app, cast.host, 'DELETE', `/api/questions/${rejected}`)).statusCode).toBe(204);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${withdrawn}`)).statusCode).toBe(204);
    const { totals, entries } = await sessionLedger(cast.guest, sessionId);
    // the rejected question still counts as asked; the one its author deleted does not
    expect(totals).toEqual({ asked: 4, answered: 1, hidden: 2, merged: 0, carriedOver: 0 });
    expect(entries.map((entry) => entry.action)).toEqual(['rejected', 'hidden', 'hidden']);

    // a merge counts once in the session it was asked in, and its undo takes it back
    const repeat = await build({});
    const into = await build({});
    const merged = await call(app, cast.host, 'POST', `/api/questions/${repeat}/merge`, { intoQuestionId: into });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await sessionLedger(null, sessionId)).totals).toEqual({
      asked: 6,
      answered: 1,
      hidden: 2,
      merged: 1,
      carriedOver: 0,
    });
    const undone = await call(app, cast.host, 'DELETE', `/api/questions/${repeat}/merge`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await sessionLedger(null, sessionId)).totals).toMatchObject({ asked: 6, merged: 0 });
    expect((await sessionLedger(null, otherSessionId)).totals).toEqual({
      asked: 1,
      answered: 0,
      hidden: 0,
      merged: 0,
      carriedOver: 0,
    });
  });

  it('answers 404 for a group or session that does not exist', async () => {
    for (const url of [
      '/api/groups/00000000-0000-4000-8000-000000000000/ledger',
      '/api/groups/not-an-id/ledger',
      '/api/sessions/00000000-0000-4000-8000-000000000000/ledger',
      '/api/sessions/not-an-id/ledger',
    ]) {
      expect((await call(app, null, 'GET', url)).statusCode, url).toBe(404);
    }
  });
});

describe('the ledger is append-only', () => {
  async function ledgerWithOneEntry() {
    const cast = await buildAmaCast(app);
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId });
    expect((await moderate(cast.host, questionId, { isHidden: true, reason: 'off_topic' })).statusCode).toBe(200);
    return { cast, sessionId, questionId };
  }

  it('has no route that changes or deletes an entry, for the host or anyone', async () => {
    const { cast, sessionId } = await ledgerWithOneEntry();
    const [entry] = (await groupLedger(cast.host, cast.groupId)).entries;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        `/api/groups/${cast.groupId}/ledger`,
        `/api/groups/${cast.groupId}/ledger/${entry?.id}`,
        `/api/sessions/${sessionId}/ledger`,
      ]) {
        const response = await call(app, cast.host, method, url, method === 'DELETE' ? undefined : {});
        expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      }
    }
    expect((await groupLedger(cast.host, cast.groupId)).entries).toEqual([entry]);
  });

  it('is refused a direct UPDATE or DELETE by the database', async () => {
    const { cast, questionId } = await ledgerWithOneEntry();
    const where = eq(moderationLedger.questionId, questionId);
    // the trigger's message, from the driver's error under Drizzle's
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'allowed',
        (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error),
      );
    for (const query of [
      app.db.update(moderationLedger).set({ reason: 'other' }).where(where),
      app.db.update(moderationLedger).set({ sessionId: null }).where(where),
      app.db.delete(moderationLedger).where(where),
      app.db.execute(sql`delete from moderation_ledger where group_id = ${cast.groupId}`),
    ]) {
      expect(await refusal(query)).toBe('moderation_ledger entries cannot be changed or deleted');
    }
    expect(await entriesOf(questionId)).toEqual([{ action: 'hidden', reason: 'off_topic', role: 'host' }]);
  });

  it("keeps a deleted session's entries in the group's ledger", async () => {
    const { cast, sessionId, questionId } = await ledgerWithOneEntry();
    const deleted = await call(app, cast.host, 'DELETE', `/api/sessions/${sessionId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const { entries } = await groupLedger(null, cast.groupId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'hidden', sessionId: null, question: { id: questionId } });
  });

  it("goes with its group when the host deletes the group, or the host's account goes", async () => {
    const { cast, questionId } = await ledgerWithOneEntry();
    const deleted = await call(app, cast.host, 'DELETE', `/api/groups/${cast.groupId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await entriesOf(questionId)).toEqual([]);
    expect((await call(app, null, 'GET', `/api/groups/${cast.groupId}/ledger`)).statusCode).toBe(404);

    const other = await ledgerWithOneEntry();
    await app.db.execute(sql`delete from users where id = ${other.cast.host.id}`);
    expect(await entriesOf(other.questionId)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents both ledgers under the ledger tag, as reads only', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const ledgerPaths = Object.entries(document.paths).filter(([path]) => path.includes('/ledger'));
    expect(ledgerPaths.map(([path, methods]) => [path, Object.keys(methods)])).toEqual([
      ['/api/groups/{groupId}/ledger', ['get']],
      ['/api/sessions/{sessionId}/ledger', ['get']],
    ]);
    for (const [, methods] of ledgerPaths) expect(methods.get?.tags).toEqual(['ledger']);
  });
});
