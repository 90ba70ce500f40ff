import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionResponseSchema } from '#shared/schemas/questions.ts';
import { questions, users } from '../../db/schema/index.ts';
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
} from '../../test/factories.ts';

// A question carries its author's username, name and image (questions.author_*), copied from users
// by triggers (decision 033). Each test compares what the API shows, or the row holds, with the
// person as users holds them now.

let app: FastifyInstance;
let cast: AmaCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await buildAmaCast(app);
});
afterAll(async () => {
  await app?.close();
});

async function personNow(id: string) {
  const [row] = await app.db
    .select({ id: users.id, username: users.username, name: users.name, profileImageURL: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error(`no person ${id}`);
  return row;
}

/** The author as the question's own page shows it. */
async function shownAuthor(questionId: string) {
  const response = await call(app, cast.host, 'GET', `/api/questions/${questionId}`);
  expect(response.statusCode, response.body).toBe(200);
  return QuestionResponseSchema.parse(response.json()).question.author;
}

/** Whether every question of the person's carries their name, username and image as users has them now. */
async function copiesAgree(authorId: string) {
  const result = await app.db.execute<{ wrong: number; all: number }>(sql`
    select count(*) filter (where q.author_username <> u.username or q.author_name <> u.name
                                 or q.author_image <> u.profile_image_url)::int as wrong,
           count(*)::int as "all"
      from questions q join users u on u.id = q.author_id
     where q.author_id = ${authorId}`);
  return result.rows[0];
}

describe("a question's author", () => {
  it('is shown as their profile is now, in the queue, the answered view and the question itself', async () => {
    const asker = await signUp(app, 'qan');
    expect((await setSubscription(app, asker, cast.groupId, true)).statusCode).toBe(200);
    const open = await ask(app, asker, cast.groupId, 'Who am I now?');
    const answered = await ask(app, asker, cast.groupId, 'And in the answered view?');
    const answering = await call(app, cast.host, 'PUT', `/api/questions/${answered.id}/answer`, { body: 'There too.' });
    expect(answering.statusCode, answering.body).toBe(200);
    expect(open.author).toEqual(await personNow(asker.id));

    const renamed = await call(app, asker, 'PATCH', `/api/users/${asker.id}/profile`, {
      name: 'Renamed Asker',
      username: `${asker.username}r`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const now = await personNow(asker.id);
    expect(now).toMatchObject({ name: 'Renamed Asker', username: `${asker.username}r` });
    expect(await shownAuthor(open.id)).toEqual(now);
    const queue = await listQueue(app, null, cast.groupId, 'sort=new&limit=50');
    expect(queue.questions.find((question) => question.id === open.id)?.author).toEqual(now);
    const answeredView = await listQueue(app, asker, cast.groupId, 'view=answered&sort=new&limit=50');
    const shown = answeredView.questions.find((question) => question.id === answered.id);
    expect(shown?.author).toEqual(now);
    expect(shown?.answer?.author).toEqual(await personNow(cast.host.id));

    // an image changed behind the API is followed too
    await app.db.update(users).set({ profileImageUrl: '/media/asker-new.webp' }).where(eq(users.id, asker.id));
    expect((await shownAuthor(open.id)).profileImageURL).toBe('/media/asker-new.webp');
    expect(await copiesAgree(asker.id)).toEqual({ wrong: 0, all: 2 });
  });

  it('is copied whoever writes the question, and a direct write over the copy is put right at once', async () => {
    const person = await signUp(app, 'qad');
    const id = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: person.id,
      authorName: 'Somebody Else',
      authorUsername: 'somebody_else',
    });
    expect(await shownAuthor(id)).toEqual(await personNow(person.id));
    await app.db.update(questions).set({ authorName: 'Written Over' }).where(eq(questions.id, id));
    expect(await copiesAgree(person.id)).toEqual({ wrong: 0, all: 1 });

    // a question of no one is still refused by the foreign key (not by the copy)
    await expect(buildQuestion(app, { groupId: cast.groupId, authorId: 'nobody-at-all' })).rejects.toMatchObject({
      cause: { code: '23503' },
    });
  });

  it('stays right when a rename and a question cross, whichever commits first', async () => {
    const person = await signUp(app, 'qar');
    const pool = app.db.$client;
    const [asking, renaming] = [await pool.connect(), await pool.connect()];
    const insert = (client: pg.PoolClient, body: string) =>
      client.query(`insert into questions (group_id, author_id, body) values ($1, $2, $3)`, [
        cast.groupId,
        person.id,
        body,
      ]);
    const rename = (client: pg.PoolClient, name: string) =>
      client.query(`update users set name = $1 where id = $2`, [name, person.id]);
    try {
      // the question's transaction first: the rename waits for it, then renames its question too
      await asking.query('begin');
      await insert(asking, 'Asked while a rename waits?');
      const renamed = rename(renaming, 'Renamed While Asking');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await asking.query('commit');
      await renamed;
      expect(await copiesAgree(person.id)).toEqual({ wrong: 0, all: 1 });

      // the rename's transaction first: the question waits for it, then copies the new name
      await renaming.query('begin');
      await rename(renaming, 'Renamed Before Asking');
      const asked = insert(asking, 'Asked while a rename commits?');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await renaming.query('commit');
      await asked;
      expect(await copiesAgree(person.id)).toEqual({ wrong: 0, all: 2 });
      expect((await personNow(person.id)).name).toBe('Renamed Before Asking');
    } finally {
      await asking.query('rollback').catch(() => undefined);
      await renaming.query('rollback').catch(() => undefined);
      asking.release();
      renaming.release();
    }
  });

  it('leaves with their account: its questions go with it', async () => {
    const person = await signUp(app, 'qax');
    const id = await buildQuestion(app, { groupId: cast.groupId, authorId: person.id });
    await app.db.delete(users).where(eq(users.id, person.id));
    expect(await app.db.select().from(questions).where(eq(questions.id, id))).toEqual([]);
  });
});
