import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { PERMISSION_REASONS, SIGN_IN_TO_INTERACT } from '#shared/lib/permissions.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { CommentResponseSchema } from '#shared/schemas/comments.ts';
import { PostListResponseSchema, PostResponseSchema } from '#shared/schemas/posts.ts';
import { comments, groups, likes, posts } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  call,
  castRoles,
  createPost,
  type RoleCast,
  signUp,
  storeImage,
  type TestPerson,
} from '../../test/factories.ts';

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app);
});
afterAll(async () => {
  await app?.close();
});

type Role = 'host' | 'member' | 'subscriber' | 'guest' | 'signedOut';
const ROLES: Role[] = ['host', 'member', 'subscriber', 'guest', 'signedOut'];
const person = (role: Role): TestPerson | null => (role === 'signedOut' ? null : cast[role]);
/** What the rule answers each role for an interaction on posts. */
const EXPECTED: Record<Role, { status: number; code?: string; message?: string }> = {
  host: { status: 0 },
  member: { status: 0 },
  subscriber: { status: 0 },
  guest: { status: 403, code: 'subscription_required', message: PERMISSION_REASONS.guest },
  signedOut: { status: 401, code: 'unauthenticated', message: SIGN_IN_TO_INTERACT },
};

function expectRefusal(response: { statusCode: number; json(): unknown }, role: Role) {
  const expected = EXPECTED[role];
  expect(response.statusCode).toBe(expected.status);
  expect(response.json()).toMatchObject({ error: { code: expected.code, message: expected.message } });
}

describe('every action × role on posts', () => {
  it.each(ROLES)('post, comment, reply, like as %s', async (role) => {
    const who = person(role);
    const allowed = EXPECTED[role].status === 0;
    const created = await call(app, who, 'POST', `/api/groups/${cast.groupId}/posts`, { body: `by ${role}` });
    if (allowed) expect(created.statusCode, created.body).toBe(201);
    else expectRefusal(created, role);

    const post = await createPost(app, cast.host, cast.groupId, { body: 'to react to' });
    const comment = await call(app, who, 'POST', `/api/posts/${post.id}/comments`, { body: 'a comment' });
    if (allowed) expect(comment.statusCode, comment.body).toBe(201);
    else expectRefusal(comment, role);

    const top = CommentResponseSchema.parse(
      (await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'top' })).json(),
    ).comment;
    const reply = await call(app, who, 'POST', `/api/posts/${post.id}/comments`, { body: 'reply', replyToId: top.id });
    if (allowed) {
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json().comment.replyToId).toBe(top.id);
    } else expectRefusal(reply, role);

    for (const [type, id] of [
      ['post', post.id],
      ['comment', top.id],
    ] as const) {
      const liked = await call(app, who, 'PUT', `/api/likes/${type}/${id}`);
      if (allowed) expect(liked.json()).toEqual({ isLiked: true, likeCount: 1 });
      else expectRefusal(liked, role);
      const unliked = await call(app, who, 'DELETE', `/api/likes/${type}/${id}`);
      if (allowed) expect(unliked.json()).toEqual({ isLiked: false, likeCount: 0 });
      else expectRefusal(unliked, role);
    }

    // images need attach_image: the same answer as post
    const image = who ? await storeImage(app, who.id, 'post') : '/media/images/x/w640.webp';
    const withImage = await call(app, who, 'POST', `/api/groups/${cast.groupId}/posts`, { body: '', images: [image] });
    if (allowed) {
      expect(withImage.statusCode, withImage.body).toBe(201);
      expect(withImage.json().post.images).toEqual([{ url: image, width: 400, height: 400 }]);
    } else expectRefusal(withImage, role);

    // reading is for everyone
    expect((await call(app, who, 'GET', `/api/groups/${cast.groupId}/posts`)).statusCode).toBe(200);
    expect((await call(app, who, 'GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(200);
    expect((await call(app, who, 'GET', `/api/likes/post/${post.id}`)).statusCode).toBe(200);
  });

  it('edits: the author only; delete: the author or the host', async () => {
    const post = await createPost(app, cast.subscriber, cast.groupId, { body: 'mine' });
    for (const role of ['host', 'member', 'guest'] as const) {
      const edit = await call(app, cast[role], 'PATCH', `/api/posts/${post.id}`, { body: 'not yours' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().error).toMatchObject({ code: 'not_author', message: CONTENT_MESSAGES.notAuthor });
    }
    expect((await call(app, null, 'PATCH', `/api/posts/${post.id}`, { body: 'x' })).statusCode).toBe(401);
    const edited = await call(app, cast.subscriber, 'PATCH', `/api/posts/${post.id}`, { body: '  changed  ' });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = PostResponseSchema.parse(edited.json()).post;
    expect(changed).toMatchObject({ body: 'changed', permissions: { canEdit: true, canDelete: true } });
    expect(changed.editedAt).not.toBeNull();

    for (const role of ['member', 'guest'] as const) {
      const refused = await call(app, cast[role], 'DELETE', `/api/posts/${post.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CONTENT_MESSAGES.cannotDelete);
    }
    expect((await call(app, null, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(401);
    expect((await call(app, cast.host, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    expect((await call(app, cast.host, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404);

    const own = await createPost(app, cast.member, cast.groupId);
    expect((await call(app, cast.member, 'DELETE', `/api/posts/${own.id}`)).statusCode).toBe(204);
  });

  it('stops an unsubscribed author from editing, and shows permissions per viewer', async () => {
    const fan = await signUp(app, 'pfan');
    await call(app, fan, 'PUT', `/api/groups/${cast.groupId}/subscription`);
    const post = await createPost(app, fan, cast.groupId);
    const list = PostListResponseSchema.parse(
      (await call(app, cast.host, 'GET', `/api/groups/${cast.groupId}/posts?limit=1`)).json(),
    );
    expect(list.posts[0]).toMatchObject({ id: post.id, permissions: { canEdit: false, canDelete: true } });
    await call(app, fan, 'DELETE', `/api/groups/${cast.groupId}/subscription`);
    const edit = await call(app, fan, 'PATCH', `/api/posts/${post.id}`, { body: 'still here?' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toMatchObject({ code: 'subscription_required', message: PERMISSION_REASONS.guest });
    // their own post they may still delete
    expect((await call(app, fan, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
  });
});

describe('bad input of posts', () => {
  const post = (who: TestPerson, payload: unknown) =>
    call(app, who, 'POST', `/api/groups/${cast.groupId}/posts`, payload);

  it('refuses empty, over-long text, too many or foreign images, and unknown groups', async () => {
    const empty = await post(cast.member, { body: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(CONTENT_MESSAGES.postEmpty);
    const long = await post(cast.member, { body: 'x'.repeat(CONTENT_LIMITS.postBodyMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(CONTENT_MESSAGES.postTooLong);
    expect((await post(cast.member, { body: ` ${'x'.repeat(CONTENT_LIMITS.postBodyMax)} ` })).statusCode).toBe(201);

    const eleven = await Promise.all(Array.from({ length: 11 }, () => storeImage(app, cast.member.id, 'post')));
    const tooMany = await post(cast.member, { body: '', images: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(CONTENT_MESSAGES.tooManyImages);
    const ten = await post(cast.member, { body: '', images: eleven.slice(0, 10) });
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json().post.images.map((image: { url: string }) => image.url)).toEqual(eleven.slice(0, 10));

    for (const images of [
      [await storeImage(app, cast.host.id, 'post')],
      [await storeImage(app, cast.member.id, 'avatar')],
      [await storeImage(app, cast.member.id, 'group')],
      ['https://evil.example/x.png'],
      [eleven[0], eleven[0]],
    ]) {
      const refused = await post(cast.member, { body: 'look', images });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(CONTENT_MESSAGES.imageNotOurs);
    }
    expect((await post(cast.member, { body: 'x', extra: true })).statusCode).toBe(400);
    const unknown = await call(app, cast.member, 'POST', `/api/groups/not-a-group/posts`, { body: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await call(app, cast.member, 'PATCH', `/api/posts/nope`, { body: 'x' })).statusCode).toBe(404);
  });

  it('keeps script and HTML byte for byte, as JSON', async () => {
    const texts = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '"quotes" & \'apostrophes\' \u2028 </textarea>',
    ];
    for (const text of texts) {
      const created = await post(cast.member, { body: text });
      expect(created.statusCode).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      expect(created.json().post.body).toBe(text);
      expect(created.body).toContain(JSON.stringify(text).slice(1, -1));
      const comment = await call(app, cast.member, 'POST', `/api/posts/${created.json().post.id}/comments`, {
        body: text,
      });
      expect(comment.json().comment.body).toBe(text);
      const listed = await call(app, null, 'GET', `/api/posts/${created.json().post.id}/comments`);
      expect(listed.headers['content-type']).toMatch(/^application\/json/);
      expect(listed.json().comments[0].body).toBe(text);
    }
    const feed = await call(app, null, 'GET', `/api/groups/${cast.groupId}/posts?limit=${texts.length}`);
    expect(feed.headers['content-type']).toMatch(/^application\/json/);
    expect(
      feed
        .json()
        .posts.map((item: { body: string }) => item.body)
        .reverse(),
    ).toEqual(texts);
  });
});

describe('the feed', () => {
  it('pages 20 at a time, newest first, with isLiked and likedBy in bounded queries', async () => {
    const roles = await castRoles(app);
    const made: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      made.push((await createPost(app, roles.member, roles.groupId, { body: `post ${index}` })).id);
    }
    const likers = [roles.host, roles.member, roles.subscriber, await signUp(app, 'pl')];
    await call(app, roles.host, 'POST', `/api/groups/${roles.groupId}/members`, { username: likers[3]?.username });
    for (const liker of likers)
      expect((await call(app, liker, 'PUT', `/api/likes/post/${made.at(-1)}`)).statusCode).toBe(200);
    await call(app, roles.subscriber, 'PUT', `/api/likes/post/${made[0]}`);

    const first = PostListResponseSchema.parse(
      (await call(app, roles.subscriber, 'GET', `/api/groups/${roles.groupId}/posts`)).json(),
    );
    expect(first.posts).toHaveLength(CONTENT_LIMITS.pageSize);
    expect(first.posts.map((item) => item.id)).toEqual(made.slice(3).reverse());
    expect(first.posts[0]).toMatchObject({ likeCount: 4, isLiked: true });
    expect(first.posts[0]?.likedBy.total).toBe(4);
    expect(first.posts[0]?.likedBy.people.map((item) => item.id)).toEqual(
      [...likers]
        .reverse()
        .slice(0, CONTENT_LIMITS.likedByPreview)
        .map((item) => item.id),
    );
    expect(first.posts[1]).toMatchObject({ likeCount: 0, isLiked: false, likedBy: { people: [], total: 0 } });
    const second = PostListResponseSchema.parse(
      (
        await call(app, roles.subscriber, 'GET', `/api/groups/${roles.groupId}/posts?cursor=${first.nextCursor}`)
      ).json(),
    );
    expect(second.posts.map((item) => item.id)).toEqual(made.slice(0, 3).reverse());
    expect(second.nextCursor).toBeNull();
    expect(second.posts[2]).toMatchObject({
      isLiked: true,
      likedBy: { total: 1, people: [{ id: roles.subscriber.id }] },
    });
    const signedOut = PostListResponseSchema.parse(
      (await call(app, null, 'GET', `/api/groups/${roles.groupId}/posts?limit=1`)).json(),
    );
    expect(signedOut.posts[0]).toMatchObject({ isLiked: false, permissions: { canEdit: false, canDelete: false } });

    const bad = await call(app, null, 'GET', `/api/groups/${roles.groupId}/posts?cursor=garbage`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_cursor');
    expect((await call(app, null, 'GET', `/api/groups/00000000-0000-4000-8000-000000000000/posts`)).statusCode).toBe(
      404,
    );
  });

  it('moves the group’s lastActivityAt with every post and comment', async () => {
    const roles = await castRoles(app);
    const read = async () =>
      (await app.db.select({ at: groups.lastActivityAt }).from(groups).where(eq(groups.id, roles.groupId)))[0]?.at;
    expect(await read()).toBeNull();
    const post = await createPost(app, roles.subscriber, roles.groupId);
    const afterPost = await read();
    expect(afterPost).toBeInstanceOf(Date);
    await call(app, roles.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'hi' });
    const afterComment = await read();
    expect(afterComment?.getTime()).toBeGreaterThanOrEqual(afterPost?.getTime() ?? Infinity);
    expect(afterComment?.getTime()).toBeGreaterThanOrEqual(new Date(post.createdAt).getTime());
  });
});

describe('deleting a post', () => {
  it('removes its comments, replies and every like in one go', async () => {
    const post = await createPost(app, cast.member, cast.groupId);
    const top = (await call(app, cast.subscriber, 'POST', `/api/posts/${post.id}/comments`, { body: 'top' })).json()
      .comment;
    const reply = (
      await call(app, cast.host, 'POST', `/api/posts/${post.id}/comments`, { body: 'reply', replyToId: top.id })
    ).json().comment;
    await call(app, cast.host, 'PUT', `/api/likes/post/${post.id}`);
    await call(app, cast.member, 'PUT', `/api/likes/comment/${top.id}`);
    await call(app, cast.member, 'PUT', `/api/likes/comment/${reply.id}`);
    const [stored] = await app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored).toMatchObject({ commentCount: 2, likeCount: 1 });

    expect((await call(app, cast.host, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    const [left] = await app.db.select({ n: count() }).from(comments).where(eq(comments.parentId, post.id));
    expect(left?.n).toBe(0);
    for (const id of [post.id, top.id, reply.id]) {
      const [rows] = await app.db.select({ n: count() }).from(likes).where(eq(likes.targetId, id));
      expect(rows?.n).toBe(0);
    }
    expect((await call(app, cast.member, 'PUT', `/api/likes/post/${post.id}`)).statusCode).toBe(404);
    expect((await call(app, cast.member, 'GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
  });
});
