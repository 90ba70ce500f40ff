import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { GATE_TEXTS } from '#shared/lib/permissions.ts';
import { likes, posts } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { call, castRoles, createPost, type RoleCast, signUp } from '../../test/factories.ts';

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app);
});
afterAll(async () => {
  await app?.close();
});

describe('likes under concurrency', () => {
  it('keeps likeCount equal to the rows after 50 concurrent likes and unlikes by 10 people', async () => {
    const roles = await castRoles(app);
    const people = await Promise.all(Array.from({ length: 10 }, (_, index) => signUp(app, `pc${index}`)));
    for (const someone of people) await call(app, someone, 'PUT', `/api/groups/${roles.groupId}/subscription`);
    const post = await createPost(app, roles.host, roles.groupId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(app, people[index % 10] ?? null, index % 3 === 0 ? 'DELETE' : 'PUT', `/api/likes/post/${post.id}`),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const [stored] = await app.db.select({ n: posts.likeCount }).from(posts).where(eq(posts.id, post.id));
    const [rows] = await app.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.targetType, 'post'), eq(likes.targetId, post.id)));
    expect(stored?.n).toBe(rows?.n);
    // twice the same like stays one
    const again = await call(app, people[0] ?? null, 'PUT', `/api/likes/post/${post.id}`);
    const twice = await call(app, people[0] ?? null, 'PUT', `/api/likes/post/${post.id}`);
    expect(twice.json()).toEqual(again.json());
    const likers = await call(app, null, 'GET', `/api/likes/post/${post.id}`);
    expect(likers.json().total).toBe(twice.json().likeCount);
    expect(likers.json().people).toHaveLength(twice.json().likeCount);
  });

  it('answers 404 for unknown targets and 400 for unknown target types', async () => {
    const missing = await call(app, cast.member, 'PUT', `/api/likes/post/00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(CONTENT_MESSAGES.likeNotFound);
    expect((await call(app, cast.member, 'PUT', `/api/likes/group/${cast.groupId}`)).statusCode).toBe(400);
    expect(GATE_TEXTS.deniedFallback).toBeTruthy();
  });
});
