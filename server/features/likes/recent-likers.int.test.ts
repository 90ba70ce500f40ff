import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { PostListResponseSchema, PostResponseSchema } from '#shared/schemas/posts.ts';
import { likes, posts, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  call,
  castRoles,
  createPost,
  type RoleCast,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

// A post carries its newest likers (posts.recent_likers), kept by triggers (decision 032). Each
// test compares what the API shows with the newest likers read from the likes themselves.

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app);
});
afterAll(async () => {
  await app?.close();
});

/** The newest likers of a post as the likes and people tables say now. */
async function newestFromLikes(postId: string) {
  const rows = await app.db
    .select({ id: users.id, username: users.username, name: users.name, profileImageURL: users.profileImageUrl })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(and(eq(likes.targetType, 'post'), eq(likes.targetId, postId)))
    .orderBy(desc(likes.createdAt), desc(likes.userId))
    .limit(CONTENT_LIMITS.likedByPreview);
  return rows;
}

/** The post's likers preview as its page and the group's list show it (they must agree). */
async function shownLikers(postId: string) {
  const one = await call(app, null, 'GET', `/api/posts/${postId}`);
  expect(one.statusCode, one.body).toBe(200);
  const post = PostResponseSchema.parse(one.json()).post;
  const list = PostListResponseSchema.parse(
    (await call(app, null, 'GET', `/api/groups/${post.groupId}/posts?limit=50`)).json(),
  );
  expect(list.posts.find((item) => item.id === postId)?.likedBy).toEqual(post.likedBy);
  return post.likedBy.people;
}

async function subscribers(count: number, prefix: string): Promise<TestPerson[]> {
  const people = await Promise.all(Array.from({ length: count }, () => signUp(app, prefix)));
  for (const person of people) expect((await setSubscription(app, person, cast.groupId, true)).statusCode).toBe(200);
  return people;
}

describe("a post's newest likers", () => {
  it('are the newest few likes, whatever order concurrent likes commit in', async () => {
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Liked by a crowd at once' });
    const crowd = await subscribers(12, 'rlc');
    const answers = await Promise.all(crowd.map((person) => call(app, person, 'PUT', `/api/likes/post/${post.id}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(crowd.map(() => 200));
    const expected = await newestFromLikes(post.id);
    expect(expected).toHaveLength(CONTENT_LIMITS.likedByPreview);
    expect(await shownLikers(post.id)).toEqual(expected);

    // taking likes back, at once too, brings the next newest in
    const leaving = expected.slice(0, 3).map((liker) => crowd.find((person) => person.id === liker.id)!);
    await Promise.all(leaving.map((person) => call(app, person, 'DELETE', `/api/likes/post/${post.id}`)));
    const after = await newestFromLikes(post.id);
    expect(after.map((liker) => liker.id)).not.toContain(leaving[0]!.id);
    expect(await shownLikers(post.id)).toEqual(after);
  });

  it('follow a liker who changes name, username or image, and forget one whose account is deleted', async () => {
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Liked by people who change' });
    const [first, second] = await subscribers(2, 'rln');
    for (const person of [first!, second!]) {
      expect((await call(app, person, 'PUT', `/api/likes/post/${post.id}`)).statusCode).toBe(200);
    }
    const renamed = await call(app, first!, 'PATCH', `/api/users/${first!.id}/profile`, {
      name: 'Renamed Liker',
      username: `${first!.username}x`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shown = await shownLikers(post.id);
    expect(shown.find((liker) => liker.id === first!.id)).toMatchObject({
      name: 'Renamed Liker',
      username: `${first!.username}x`,
    });
    expect(shown).toEqual(await newestFromLikes(post.id));

    await app.db.update(users).set({ profileImageUrl: '/media/avatar-new.webp' }).where(eq(users.id, second!.id));
    expect((await shownLikers(post.id)).find((liker) => liker.id === second!.id)?.profileImageURL).toBe(
      '/media/avatar-new.webp',
    );

    await app.db.delete(users).where(eq(users.id, second!.id));
    expect((await shownLikers(post.id)).map((liker) => liker.id)).toEqual([first!.id]);
  });

  it('are kept whoever writes the likes: a direct insert and delete too', async () => {
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Liked behind the API' });
    const [person] = await subscribers(1, 'rld');
    await app.db
      .insert(likes)
      .values({ targetType: 'post', targetId: post.id, userId: person!.id, groupId: cast.groupId });
    expect((await shownLikers(post.id)).map((liker) => liker.id)).toEqual([person!.id]);
    await app.db.delete(likes).where(and(eq(likes.targetId, post.id), eq(likes.userId, person!.id)));
    expect(await shownLikers(post.id)).toEqual([]);
  });

  it('cannot be set by a write to the post (the next like puts the truth back)', async () => {
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Written over' });
    const [person] = await subscribers(1, 'rlw');
    await app.db
      .update(posts)
      .set({ recentLikers: [{ id: 'someone', username: 'someone', name: 'Someone', profileImageURL: '' }] })
      .where(eq(posts.id, post.id));
    expect((await call(app, person!, 'PUT', `/api/likes/post/${post.id}`)).statusCode).toBe(200);
    expect((await shownLikers(post.id)).map((liker) => liker.id)).toEqual([person!.id]);
    const [row] = await app.db
      .execute<{ same: boolean }>(
        sql`select recent_likers::text = posts_recent_likers(id)::text as same from posts where id = ${post.id}`,
      )
      .then((result) => result.rows);
    expect(row?.same).toBe(true);
  });
});
