import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AdminAuditPageSchema,
  AdminContactPageSchema,
  AdminContactResponseSchema,
  AdminContentPageSchema,
  type AdminContentPage,
  AdminGroupsPageSchema,
  AdminPageViewsSchema,
  AdminUserResponseSchema,
  AdminUsersPageSchema,
} from '#shared/schemas/admin-console.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { CommentResponseSchema } from '#shared/schemas/comments.ts';
import {
  adminAuditLog,
  comments,
  contactMessages,
  groups,
  pageViews,
  posts,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import { createSiblingDatabase } from '../../test/test-database.ts';
import { grantAdmin } from './grant-admin.ts';
import {
  buildQuestion,
  call,
  castRoles,
  createPost,
  expectSubscribingMatchesRows,
  signUp,
  someAddress,
  type TestPerson,
} from '../../test/factories.ts';

const PASSWORD = 'a fine secret';
const DISABLED_MESSAGE = 'This account has been disabled. Contact the administrators.';

let app: FastifyInstance;
let admin: TestPerson;
let member: TestPerson;
let baseUrl: string;

beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // one after the other: on an empty database the first account becomes an administrator
  admin = await signUp(app, 'ad');
  member = await signUp(app, 'am');
  expect(await grantAdmin(app.db, admin.email)).toMatch(/^(granted|already-admin)$/);
  expect((await sessionUser(member))?.role).toBe('user');
});
afterAll(async () => {
  await app?.close();
});

function signIn(email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/accounts/sign-in',
    remoteAddress: someAddress(),
    headers: { origin: 'http://townhall.test' },
    payload: { email, password },
  });
}

async function sessionUser(person: TestPerson) {
  const response = await call(app, person, 'GET', '/api/accounts/session');
  return SessionResponseSchema.parse(response.json()).user;
}

/**
 * The first item of the content list (newest first, every group's) that `matches`, walking the
 * pages: other test files write content into the same database at the same time, so an item made
 * a moment ago need not be on the first page.
 */
/**
 * The item of the site-wide content list that `matches`, walking every page: the list is the
 * whole run's database, which the files running beside this one keep filling.
 */
async function findContent(type: string, matches: (item: AdminContentPage['items'][number]) => boolean) {
  let cursor: string | null = null;
  for (let page = 0; page < 1_000; page++) {
    const query: string = `type=${type}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call(app, admin, 'GET', `/api/admin/content?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const listed = AdminContentPageSchema.parse(response.json());
    const found = listed.items.find(matches);
    if (found || !listed.nextCursor) return found;
    cursor = listed.nextCursor;
  }
  return undefined;
}

async function lastAuditOf(targetId: string) {
  const [row] = await app.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

const SOME_UUID = '00000000-0000-4000-8000-000000000000';

describe('every admin API refuses signed-out people (401) and non-administrators (403)', () => {
  const routes: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
    ['GET', '/api/admin/users'],
    ['POST', `/api/admin/users/${SOME_UUID}/disable`],
    ['POST', `/api/admin/users/${SOME_UUID}/enable`],
    ['POST', `/api/admin/users/${SOME_UUID}/password-reset`],
    ['GET', '/api/admin/groups'],
    ['DELETE', `/api/admin/groups/${SOME_UUID}`],
    ['GET', '/api/admin/content?type=comment'],
    ['DELETE', `/api/admin/content/post/${SOME_UUID}`],
    ['GET', '/api/admin/contact-messages'],
    ['POST', `/api/admin/contact-messages/${SOME_UUID}/handle`],
    ['POST', `/api/admin/contact-messages/${SOME_UUID}/reopen`],
    ['GET', '/api/admin/page-views?days=7'],
    ['GET', '/api/admin/audit-log'],
    ['GET', '/api/admin/mail'],
    ['GET', `/api/admin/mail/${SOME_UUID}`],
  ];

  it.each(routes)('%s %s', async (method, url) => {
    const signedOut = await call(app, null, method, url);
    expect(signedOut.statusCode, signedOut.body).toBe(401);
    const refused = await call(app, member, method, url);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Only administrators can open this page.' },
    });
  });
});

describe('users', () => {
  it('searches by name, username or e-mail, literally, newest first, 20 a page', async () => {
    const person = await signUp(app, 'findme');
    const byUsername = AdminUsersPageSchema.parse(
      (
        await call(app, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(`@${person.username.toUpperCase()}`)}`)
      ).json(),
    );
    expect(byUsername.users.map((user) => user.id)).toEqual([person.id]);
    expect(byUsername.users[0]).toMatchObject({
      email: person.email,
      role: 'user',
      disabledAt: null,
      counts: { groups: 0, posts: 0, questions: 0, followers: 0 },
    });
    const byEmail = AdminUsersPageSchema.parse(
      (await call(app, admin, 'GET', `/api/admin/users?q=${encodeURIComponent(person.email)}`)).json(),
    );
    expect(byEmail.users.map((user) => user.id)).toEqual([person.id]);
    const wildcard = AdminUsersPageSchema.parse((await call(app, admin, 'GET', '/api/admin/users?q=%25_%25')).json());
    expect(wildcard.users).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const page = AdminUsersPageSchema.parse((await call(app, admin, 'GET', `/api/admin/users${query}`)).json());
      expect(page.users.length).toBeLessThanOrEqual(20);
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 500);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(person.id);
    expect(seen.indexOf(person.id)).toBeLessThan(seen.indexOf(admin.id));

    const bad = await call(app, admin, 'GET', '/api/admin/users?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('This page link is not valid any more. Start again from the first page.');
  });

  it('disabling ends the session and the live connections, and blocks sign-in until enabled', async () => {
    const person = await signUp(app, 'dis');
    const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, cookie: person.cookie });
    const bystander = await TestLiveSocket.open(baseUrl, { origin: baseUrl, cookie: member.cookie });
    try {
      await socket.next((message) => message.type === 'welcome');
      expect((await socket.subscribe(`user:${person.id}`)).type).toBe('subscribed');
      expect((await sessionUser(person))?.id).toBe(person.id);

      const disabled = await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`);
      expect(disabled.statusCode, disabled.body).toBe(200);
      const user = AdminUserResponseSchema.parse(disabled.json()).user;
      expect(user.disabledAt).not.toBeNull();

      // the live connection is closed, another person's stays open
      expect(await socket.waitForClose()).toBe(4403);
      bystander.send({ type: 'ping' });
      await bystander.next((message) => message.type === 'pong');

      // the cookie stops working at once
      expect(await sessionUser(person)).toBeNull();
      expect((await call(app, person, 'POST', '/api/groups', { name: 'Nope', slug: 'nope-x' })).statusCode).toBe(401);
      const [left] = await app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, person.id));
      expect(left?.n).toBe(0);

      // the right password is refused with the message, a wrong one says nothing more
      const refused = await signIn(person.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'account_disabled', message: DISABLED_MESSAGE } });
      expect(refused.cookies.some((cookie) => cookie.name === 'townhall.session_token' && cookie.value)).toBe(false);
      expect((await signIn(person.email, 'not the password')).statusCode).toBe(401);

      // idempotent: no second audit row
      expect((await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`)).statusCode).toBe(200);
      const rows = await app.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, person.id), eq(adminAuditLog.action, 'user.disable')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        adminId: admin.id,
        adminEmail: admin.email,
        targetType: 'user',
        summary: `Disabled @${person.username} (${person.email})`,
      });

      const enabled = await call(app, admin, 'POST', `/api/admin/users/${person.id}/enable`);
      expect(AdminUserResponseSchema.parse(enabled.json()).user.disabledAt).toBeNull();
      expect(await lastAuditOf(person.id)).toMatchObject({
        action: 'user.enable',
        summary: `Enabled @${person.username} (${person.email})`,
      });
      const back = await signIn(person.email);
      expect(back.statusCode, back.body).toBe(200);
      expect(SessionResponseSchema.parse(back.json()).user?.id).toBe(person.id);
    } finally {
      socket.close();
      bystander.close();
    }
  });

  it('ends the live connections of a disabled person on every process', async () => {
    const person = await signUp(app, 'two');
    // another process of the same Townhall: its own hub, the same database and bus
    const other = await buildTestApp();
    try {
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      const here = await TestLiveSocket.open(baseUrl, { origin: baseUrl, cookie: person.cookie });
      const there = await TestLiveSocket.open(otherUrl, { origin: otherUrl, cookie: person.cookie });
      await Promise.all([here, there].map((socket) => socket.next((message) => message.type === 'welcome')));
      expect((await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`)).statusCode).toBe(200);
      expect(await here.waitForClose()).toBe(4403);
      expect(await there.waitForClose()).toBe(4403);
    } finally {
      await other.close();
    }
  });

  it('does not let an administrator disable themselves, and answers 404 for nobody', async () => {
    const self = await call(app, admin, 'POST', `/api/admin/users/${admin.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot disable your own account.');
    expect((await sessionUser(admin))?.role).toBe('admin');
    const nobody = await call(app, admin, 'POST', '/api/admin/users/no-such-person/disable');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe('This account does not exist.');
  });

  it('makes no session for a disabled account whatever the way in (better-auth hook)', async () => {
    const person = await signUp(app, 'reset');
    expect((await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`)).statusCode).toBe(200);
    // a session can only be made through better-auth, whose hook refuses it for a disabled account
    await expect(app.auth.api.signInEmail({ body: { email: person.email, password: PASSWORD } })).rejects.toMatchObject(
      { body: { code: 'account_disabled' } },
    );
    const [left] = await app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, person.id));
    expect(left?.n).toBe(0);
  });
});

describe('groups and content', () => {
  it('lists groups and content newest first with author and group', async () => {
    const cast = await castRoles(app, { ama: true });
    const post = await createPost(app, cast.member, cast.groupId, { body: 'A post to find' });
    const [group] = await app.db.select().from(groups).where(eq(groups.id, cast.groupId));
    const found = AdminGroupsPageSchema.parse(
      (await call(app, admin, 'GET', `/api/admin/groups?q=${encodeURIComponent(group?.slug ?? '')}`)).json(),
    );
    expect(found.groups).toHaveLength(1);
    expect(found.groups[0]).toMatchObject({
      id: cast.groupId,
      owner: { id: cast.host.id, username: cast.host.username },
      subscriberCount: 1,
      memberCount: 1,
      postCount: 1,
      questionCount: 0,
      ama: true,
    });
    const item = await findContent('post', (entry) => entry.id === post.id);
    expect(item).toMatchObject({
      type: 'post',
      body: 'A post to find',
      author: { id: cast.member.id, username: cast.member.username },
      group: { id: cast.groupId },
      parent: null,
    });
    expect((await call(app, admin, 'GET', '/api/admin/content?type=video')).statusCode).toBe(400);
  });

  it('removes a comment, a post, an answer and a question with their counters, then the group', async () => {
    const cast = await castRoles(app, { ama: true });
    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    try {
      expect((await watcher.subscribe(`group:${cast.groupId}`)).type).toBe('subscribed');
      const post = await createPost(app, cast.member, cast.groupId, { body: 'Post with comments' });
      const first = CommentResponseSchema.parse(
        (await call(app, cast.subscriber, 'POST', `/api/posts/${post.id}/comments`, { body: 'one' })).json(),
      ).comment;
      await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'reply', replyToId: first.id });
      await call(app, cast.subscriber, 'POST', `/api/posts/${post.id}/comments`, { body: 'two' });
      const commentCount = async () =>
        (await app.db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, post.id)))[0]?.n;
      expect(await commentCount()).toBe(3);

      expect((await findContent('comment', (entry) => entry.id === first.id))?.parent).toEqual({
        type: 'post',
        id: post.id,
      });

      const removedComment = await call(app, admin, 'DELETE', `/api/admin/content/comment/${first.id}`);
      expect(removedComment.statusCode, removedComment.body).toBe(204);
      expect(await commentCount()).toBe(1);
      await watcher.next((message) => message.type === 'event' && message.event === 'comment.deleted');
      expect(await lastAuditOf(first.id)).toMatchObject({
        action: 'comment.remove',
        adminId: admin.id,
        summary: expect.stringContaining(`Removed a comment by @${cast.subscriber.username} in "A group": "one"`),
      });

      expect((await call(app, admin, 'DELETE', `/api/admin/content/post/${post.id}`)).statusCode).toBe(204);
      expect(await app.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
      expect(await app.db.select().from(comments).where(eq(comments.parentId, post.id))).toEqual([]);
      await watcher.next((message) => message.type === 'event' && message.event === 'post.deleted');
      expect((await lastAuditOf(post.id))?.summary).toBe(
        `Removed a post by @${cast.member.username} in "A group": "Post with comments"`,
      );
      const again = await call(app, admin, 'DELETE', `/api/admin/content/post/${post.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('This item does not exist any more.');

      const questionId = await buildQuestion(app, {
        groupId: cast.groupId,
        authorId: cast.subscriber.id,
        body: 'Why?',
      });
      const answered = await call(app, cast.host, 'PUT', `/api/questions/${questionId}/answer`, { body: 'Because.' });
      expect(answered.statusCode, answered.body).toBe(200);
      const answer = await findContent('answer', (entry) => entry.parent?.id === questionId);
      expect(answer).toMatchObject({ body: 'Because.', author: { id: cast.host.id } });
      expect((await call(app, admin, 'DELETE', `/api/admin/content/answer/${answer?.id}`)).statusCode).toBe(204);
      const question = await call(app, cast.subscriber, 'GET', `/api/questions/${questionId}`);
      expect(question.json().question).toMatchObject({ status: 'open' });

      expect((await call(app, admin, 'DELETE', `/api/admin/content/question/${questionId}`)).statusCode).toBe(204);
      expect((await call(app, cast.subscriber, 'GET', `/api/questions/${questionId}`)).statusCode).toBe(404);
      expect((await lastAuditOf(questionId))?.action).toBe('question.remove');

      // the group: its subscriber's counter goes down with it
      expect(await expectSubscribingMatchesRows(app, cast.subscriber.id)).toBeGreaterThanOrEqual(1);
      const before = await expectSubscribingMatchesRows(app, cast.subscriber.id);
      const removed = await call(app, admin, 'DELETE', `/api/admin/groups/${cast.groupId}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await expectSubscribingMatchesRows(app, cast.subscriber.id)).toBe(before - 1);
      expect((await call(app, cast.subscriber, 'GET', `/api/groups/${cast.groupId}`)).statusCode).toBe(404);
      await watcher.next((message) => message.type === 'event' && message.event === 'group.deleted');
      expect((await lastAuditOf(cast.groupId))?.summary).toMatch(
        new RegExp(`^Removed the group "A group" \\(/group/.+\\) of @${cast.host.username}$`),
      );
      expect((await call(app, admin, 'DELETE', `/api/admin/groups/${cast.groupId}`)).statusCode).toBe(404);
    } finally {
      watcher.close();
    }
  });
});

describe('contact messages', () => {
  it('lists open ones, marks them handled and opens them again, with audit rows', async () => {
    const sender = await signUp(app, 'cm');
    const [message] = await app.db
      .insert(contactMessages)
      .values({
        name: 'Ana Sender',
        email: sender.email,
        topic: 'support',
        message: 'Help me please',
        userId: sender.id,
      })
      .returning();
    if (!message) throw new Error('no message');
    const open = AdminContactPageSchema.parse(
      (await call(app, admin, 'GET', '/api/admin/contact-messages?status=open')).json(),
    );
    expect(open.messages.find((entry) => entry.id === message.id)).toMatchObject({
      name: 'Ana Sender',
      topic: 'support',
      message: 'Help me please',
      sender: { id: sender.id, username: sender.username },
      handledAt: null,
      handledBy: null,
    });

    const handled = await call(app, admin, 'POST', `/api/admin/contact-messages/${message.id}/handle`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(AdminContactResponseSchema.parse(handled.json()).message.handledBy?.id).toBe(admin.id);
    expect(await lastAuditOf(message.id)).toMatchObject({
      action: 'contact.handle',
      summary: `Marked handled the message of Ana Sender (${sender.email}): "Help me please"`,
    });
    const stillOpen = AdminContactPageSchema.parse(
      (await call(app, admin, 'GET', '/api/admin/contact-messages')).json(),
    );
    expect(stillOpen.messages.some((entry) => entry.id === message.id)).toBe(false);
    const done = AdminContactPageSchema.parse(
      (await call(app, admin, 'GET', '/api/admin/contact-messages?status=handled')).json(),
    );
    expect(done.messages.some((entry) => entry.id === message.id)).toBe(true);

    const reopened = await call(app, admin, 'POST', `/api/admin/contact-messages/${message.id}/reopen`);
    expect(AdminContactResponseSchema.parse(reopened.json()).message.handledAt).toBeNull();
    expect((await lastAuditOf(message.id))?.action).toBe('contact.reopen');
    expect((await call(app, admin, 'POST', `/api/admin/contact-messages/${SOME_UUID}/handle`)).statusCode).toBe(404);
    expect((await call(app, admin, 'GET', '/api/admin/contact-messages?status=spam')).statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('shows the newest actions first with the administrator, 50 a page', async () => {
    const person = await signUp(app, 'au');
    await call(app, admin, 'POST', `/api/admin/users/${person.id}/disable`);
    await call(app, admin, 'POST', `/api/admin/users/${person.id}/enable`);
    const page = AdminAuditPageSchema.parse((await call(app, admin, 'GET', '/api/admin/audit-log')).json());
    expect(page.entries.length).toBeLessThanOrEqual(50);
    const mine = page.entries.filter((entry) => entry.targetId === person.id);
    expect(mine.map((entry) => entry.action)).toEqual(['user.enable', 'user.disable']);
    expect(mine[0]?.admin).toEqual({ id: admin.id, email: admin.email, username: admin.username });
    if (page.nextCursor) {
      const next = AdminAuditPageSchema.parse(
        (await call(app, admin, 'GET', `/api/admin/audit-log?cursor=${page.nextCursor}`)).json(),
      );
      const ids = new Set(page.entries.map((entry) => entry.id));
      expect(next.entries.some((entry) => ids.has(entry.id))).toBe(false);
    }
  });
});

describe('page views', () => {
  it('counts views and unique visitors per day and per page exactly', async () => {
    const database = await createSiblingDatabase(inject('databaseUrl'));
    const quiet = await buildTestApp({ databaseUrl: database.url });
    try {
      const boss = await signUp(quiet, 'pv');
      expect(await grantAdmin(quiet.db, boss.email)).toMatch(/^(granted|already-admin)$/);
      const day = (daysAgo: number, hour = 12) => {
        const date = new Date();
        date.setUTCDate(date.getUTCDate() - daysAgo);
        date.setUTCHours(hour, 0, 0, 0);
        return date;
      };
      // today may have begun less than an hour ago: its rows sit at 00:00:01 UTC
      const today = new Date();
      today.setUTCHours(0, 0, 1, 0);
      await quiet.db.insert(pageViews).values([
        { path: '/', visitorHash: 'a', viewedAt: today },
        { path: '/', visitorHash: 'a', viewedAt: today },
        { path: '/about', visitorHash: 'b', viewedAt: today },
        { path: '/', visitorHash: 'c', viewedAt: day(2) },
        { path: '/blog', visitorHash: 'c', viewedAt: day(2, 23) },
        { path: '/blog', visitorHash: 'd', viewedAt: day(6, 0) },
        // outside a 7-day window
        { path: '/old', visitorHash: 'e', viewedAt: day(7, 23) },
      ]);
      const response = await call(quiet, boss, 'GET', '/api/admin/page-views?days=7');
      expect(response.statusCode, response.body).toBe(200);
      const views = AdminPageViewsSchema.parse(response.json());
      expect(views.perDay).toHaveLength(7);
      const dateOf = (date: Date) => date.toISOString().slice(0, 10);
      expect(views.from).toBe(dateOf(day(6)));
      expect(views.to).toBe(dateOf(today));
      const byDate = Object.fromEntries(views.perDay.map((row) => [row.date, [row.views, row.uniqueVisitors]]));
      expect(byDate).toEqual({
        [dateOf(day(6))]: [1, 1],
        [dateOf(day(5))]: [0, 0],
        [dateOf(day(4))]: [0, 0],
        [dateOf(day(3))]: [0, 0],
        [dateOf(day(2))]: [2, 1],
        [dateOf(day(1))]: [0, 0],
        [dateOf(today)]: [3, 2],
      });
      expect(views.topPages).toEqual([
        { path: '/', views: 3, uniqueVisitors: 2 },
        { path: '/blog', views: 2, uniqueVisitors: 2 },
        { path: '/about', views: 1, uniqueVisitors: 1 },
      ]);
      expect(views.totals).toEqual({ views: 6, uniqueVisitors: 4 });

      const wider = AdminPageViewsSchema.parse((await call(quiet, boss, 'GET', '/api/admin/page-views?days=8')).json());
      expect(wider.topPages.map((row) => row.path)).toContain('/old');
      for (const days of ['0', '366', 'x', '1.5']) {
        expect((await call(quiet, boss, 'GET', `/api/admin/page-views?days=${days}`)).statusCode).toBe(400);
      }
      expect((await call(quiet, boss, 'GET', '/api/admin/page-views?days=365')).json().perDay).toHaveLength(365);
      const [person] = await quiet.db.select({ role: users.role }).from(users).where(eq(users.id, boss.id));
      expect(person?.role).toBe('admin');
    } finally {
      await quiet.close();
      await database.drop();
    }
  });
});
