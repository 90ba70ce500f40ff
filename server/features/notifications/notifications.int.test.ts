import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MarkNotificationsReadResponseSchema,
  NotificationListResponseSchema,
  UnreadCountResponseSchema,
} from '#shared/schemas/notifications.ts';
import { CommentResponseSchema } from '#shared/schemas/comments.ts';
import { notifications } from '../../db/schema/index.ts';
import { UNREAD_COUNT_CAP } from './list-notifications.ts';
import {
  ask,
  buildAmaCast,
  buildProfilesApp,
  call,
  createGroup,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildProfilesApp();
});
afterAll(async () => {
  await app?.close();
});

async function list(person: TestPerson, cursor?: string) {
  const response = await call(
    app,
    person,
    'GET',
    `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return NotificationListResponseSchema.parse(response.json());
}

async function unread(person: TestPerson) {
  const response = await call(app, person, 'GET', '/api/notifications/unread-count');
  expect(response.statusCode, response.body).toBe(200);
  return UnreadCountResponseSchema.parse(response.json()).count;
}

async function rowsOf(person: TestPerson) {
  return app.db.select().from(notifications).where(eq(notifications.userId, person.id));
}

async function answer(host: TestPerson, questionId: string, body = 'Here is the answer') {
  const response = await call(app, host, 'PUT', `/api/questions/${questionId}/answer`, { body });
  expect(response.statusCode, response.body).toBe(200);
}

async function comment(person: TestPerson, path: string, body: string, replyToId?: string) {
  const response = await call(app, person, 'POST', path, { body, ...(replyToId ? { replyToId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return CommentResponseSchema.parse(response.json()).comment;
}

describe('the notification routes', () => {
  it('are for signed-in people only', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const response = await call(app, null, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('pages newest first, counts unread and marks some or all read', async () => {
    const star = await signUp(app, 'nstar');
    const fans = await Promise.all(Array.from({ length: 23 }, () => signUp(app, 'nfan')));
    for (const fan of fans) {
      expect((await call(app, fan, 'PUT', `/api/users/${star.id}/follow`)).statusCode).toBe(200);
    }
    expect(await unread(star)).toBe(23);

    const first = await list(star);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]).toMatchObject({
      kind: 'new_follower',
      actor: { id: fans[22]?.id, username: fans[22]?.username },
      group: null,
      readAt: null,
      href: `/${fans[22]?.username}`,
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await list(star, first.nextCursor ?? undefined);
    expect(second.notifications.map((item) => item.actor?.id)).toEqual([fans[2]?.id, fans[1]?.id, fans[0]?.id]);
    expect(second.nextCursor).toBeNull();
    const bad = await call(app, star, 'GET', '/api/notifications?cursor=nonsense');
    expect(bad.statusCode).toBe(400);

    // someone else's ids are ignored
    const other = await signUp(app, 'nother');
    const ids = first.notifications.slice(0, 2).map((item) => item.id);
    const theirs = await call(app, other, 'POST', '/api/notifications/read', { ids });
    expect(MarkNotificationsReadResponseSchema.parse(theirs.json())).toEqual({ count: 0 });

    const some = await call(app, star, 'POST', '/api/notifications/read', { ids });
    expect(some.json()).toEqual({ count: 2 });
    expect(await unread(star)).toBe(21);
    expect((await list(star)).notifications[0]?.readAt).not.toBeNull();

    const all = await call(app, star, 'POST', '/api/notifications/read', {});
    expect(all.json()).toEqual({ count: 21 });
    expect(await unread(star)).toBe(0);
    const invalid = await call(app, star, 'POST', '/api/notifications/read', { ids: ['not-a-uuid'] });
    expect(invalid.statusCode).toBe(400);
  });

  it('counts unread up to the cap the bell shows as 99+, leaving out what the person may no longer see', async () => {
    const person = await signUp(app, 'nmany');
    const actor = await signUp(app, 'nmanyfan');
    const missingPost = '00000000-0000-4000-8000-000000000000';
    // 30 about a post that no longer exists, which never count
    await app.db.insert(notifications).values(
      Array.from({ length: 30 }, () => ({
        userId: person.id,
        kind: 'reply' as const,
        actorId: actor.id,
        targetType: 'post',
        targetId: missingPost,
      })),
    );
    expect(await unread(person)).toBe(0);
    await app.db
      .insert(notifications)
      .values(
        Array.from({ length: 99 }, () => ({ userId: person.id, kind: 'new_follower' as const, actorId: actor.id })),
      );
    expect(await unread(person)).toBe(99);
    await app.db
      .insert(notifications)
      .values(
        Array.from({ length: 60 }, () => ({ userId: person.id, kind: 'new_follower' as const, actorId: actor.id })),
      );
    expect(await unread(person)).toBe(UNREAD_COUNT_CAP);
    const all = await call(app, person, 'POST', '/api/notifications/read', {});
    expect(all.json()).toEqual({ count: 189 });
    expect(await unread(person)).toBe(0);
  });
});

describe('what a notification is about', () => {
  it('names a question, post or session by its uuid: the database refuses any other id', async () => {
    const person = await signUp(app, 'nbadtarget');
    for (const targetType of ['question', 'post', 'session']) {
      for (const targetId of ['not-a-uuid', '00000000-0000-4000-8000-00000000000G', "1' or '1'='1", '']) {
        await expect(
          app.db.insert(notifications).values({ userId: person.id, kind: 'reply', targetType, targetId }),
        ).rejects.toMatchObject({ cause: { constraint: 'notifications_target_uuid_check' } });
      }
    }
    // a person is named by their own id, which is not a uuid
    await app.db
      .insert(notifications)
      .values({ userId: person.id, kind: 'new_follower', targetType: 'user', targetId: person.id });
    expect((await list(person)).notifications.map((item) => item.targetId)).toEqual([person.id]);
    expect(await rowsOf(person)).toHaveLength(1);
  });

  it('shows a post or a session only while it exists, and any other target always', async () => {
    const person = await signUp(app, 'nexists');
    const actor = await signUp(app, 'nexistsfan');
    const group = await createGroup(app, actor, { name: 'Existing things' });
    const posted = await call(app, actor, 'POST', `/api/groups/${group.id}/posts`, { body: 'Still here' });
    expect(posted.statusCode, posted.body).toBe(201);
    const postId = (posted.json() as { post: { id: string } }).post.id;
    const missing = '00000000-0000-4000-8000-000000000001';
    const rows = [
      { targetType: 'post', targetId: postId },
      { targetType: 'post', targetId: missing },
      { targetType: 'session', targetId: missing },
      { targetType: 'question', targetId: missing },
      { targetType: 'user', targetId: actor.id },
      { targetType: null, targetId: null },
    ];
    for (const [index, row] of rows.entries()) {
      await app.db.insert(notifications).values({
        userId: person.id,
        kind: 'reply',
        actorId: actor.id,
        ...row,
        createdAt: new Date(Date.now() - index * 60_000),
      });
    }
    expect((await list(person)).notifications.map((item) => [item.targetType, item.targetId])).toEqual([
      ['post', postId],
      ['user', actor.id],
      [null, null],
    ]);
    expect(await unread(person)).toBe(3);
  });
});

describe('what creates notifications', () => {
  it('a follow tells the followed person once, and an unfollow or refollow of the same row nothing more', async () => {
    const [ada, bo] = [await signUp(app, 'nada'), await signUp(app, 'nbo')];
    await call(app, bo, 'PUT', `/api/users/${ada.id}/follow`);
    await call(app, bo, 'PUT', `/api/users/${ada.id}/follow`);
    expect(await rowsOf(ada)).toHaveLength(1);
    expect(await rowsOf(bo)).toHaveLength(0);
  });

  it('a question tells the host (not when the host asks), pending ones too', async () => {
    const cast = await buildAmaCast(app);
    const question = await ask(app, cast.subscriber, cast.groupId, 'What is your favourite compiler?');
    await ask(app, cast.host, cast.groupId, 'A question of my own');
    const items = (await list(cast.host)).notifications;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'new_question',
      actor: { id: cast.subscriber.id },
      group: { id: cast.groupId },
      targetType: 'question',
      targetId: question.id,
      excerpt: 'What is your favourite compiler?',
    });
    expect(items[0]?.href).toMatch(/^\/group\/[a-z0-9-]+\?tab=questions$/);
    expect(await rowsOf(cast.subscriber)).toHaveLength(0);

    const moderated = await buildAmaCast(app, { questionsNeedApproval: true });
    const pending = await ask(app, moderated.member, moderated.groupId, 'Waiting for approval');
    expect(pending.status).toBe('pending');
    expect((await rowsOf(moderated.host)).map((row) => row.kind)).toEqual(['new_question']);
  });

  it('a first answer tells the asker and the upvoters, not the host, and an edit tells nobody', async () => {
    const cast = await buildAmaCast(app);
    const voter = await signUp(app, 'nvoter');
    expect((await call(app, voter, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    const question = await ask(app, cast.subscriber, cast.groupId, 'Will you answer this?');
    for (const person of [cast.member, voter, cast.subscriber]) {
      const liked = await call(app, person, 'PUT', `/api/likes/question/${question.id}`);
      expect(liked.statusCode, liked.body).toBe(200);
    }
    await answer(cast.host, question.id);
    await answer(cast.host, question.id, 'An edited answer');

    for (const person of [cast.subscriber, cast.member, voter]) {
      const items = (await list(person)).notifications;
      expect(items.map((item) => item.kind)).toEqual(['new_answer']);
      expect(items[0]).toMatchObject({ actor: { id: cast.host.id }, targetId: question.id });
    }
    expect((await rowsOf(cast.host)).filter((row) => row.kind === 'new_answer')).toEqual([]);
  });

  it('a comment tells the post author; a reply tells the author of the comment and of the post', async () => {
    const host = await signUp(app, 'nhost');
    const [ann, ben, cid] = await Promise.all([signUp(app, 'nann'), signUp(app, 'nben'), signUp(app, 'ncid')]);
    const group = await createGroup(app, host, { ama: false });
    for (const person of [ann, ben, cid]) {
      expect((await call(app, person, 'PUT', `/api/groups/${group.id}/subscription`)).statusCode).toBe(200);
    }
    const posted = await call(app, ann, 'POST', `/api/groups/${group.id}/posts`, { body: 'My post' });
    expect(posted.statusCode, posted.body).toBe(201);
    const postId = (posted.json() as { post: { id: string } }).post.id;
    const path = `/api/posts/${postId}/comments`;

    const top = await comment(ben, path, 'A comment from Ben');
    await comment(ann, path, 'Ann replies to Ben', top.id);
    await comment(cid, path, 'Cid replies to Ben', top.id);

    const annItems = (await list(ann)).notifications;
    expect(annItems.map((item) => [item.kind, item.actor?.id, item.excerpt])).toEqual([
      ['reply', cid.id, 'Cid replies to Ben'],
      ['reply', ben.id, 'A comment from Ben'],
    ]);
    expect(annItems[0]?.href).toBe(`/group/${group.slug}`);
    const benItems = (await list(ben)).notifications;
    expect(benItems.map((item) => [item.kind, item.actor?.id])).toEqual([
      ['reply', cid.id],
      ['reply', ann.id],
    ]);
    expect(await rowsOf(cid)).toEqual([]);
  });

  it('leaves out, and stops counting, notifications about what the person can no longer see', async () => {
    const cast = await buildAmaCast(app);
    const voter = await signUp(app, 'nvis');
    expect((await call(app, voter, 'PUT', `/api/groups/${cast.groupId}/subscription`)).statusCode).toBe(200);
    const hidden = await ask(app, cast.subscriber, cast.groupId, 'To be hidden after its answer');
    const deleted = await ask(app, cast.subscriber, cast.groupId, 'To be deleted after its answer');
    for (const question of [hidden, deleted]) {
      expect((await call(app, voter, 'PUT', `/api/likes/question/${question.id}`)).statusCode).toBe(200);
      await answer(cast.host, question.id);
    }
    const targets = async (person: TestPerson) => (await list(person)).notifications.map((item) => item.targetId);
    expect(await targets(voter)).toEqual([deleted.id, hidden.id]);
    expect(await unread(voter)).toBe(2);

    const hide = await call(app, cast.host, 'PATCH', `/api/questions/${hidden.id}/moderation`, { isHidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await targets(voter)).toEqual([deleted.id]);
    expect(await unread(voter)).toBe(1);
    // the asker still sees their own hidden question, and the host the questions of their group
    expect(await targets(cast.subscriber)).toEqual([deleted.id, hidden.id]);
    expect((await list(cast.host)).notifications.map((item) => item.targetId)).toEqual(
      expect.arrayContaining([hidden.id, deleted.id]),
    );

    expect((await call(app, cast.subscriber, 'DELETE', `/api/questions/${deleted.id}`)).statusCode).toBe(204);
    expect(await targets(voter)).toEqual([]);
    expect(await unread(voter)).toBe(0);
    expect(await targets(cast.subscriber)).toEqual([hidden.id]);
    expect(await unread(cast.subscriber)).toBe(1);
  });
});
