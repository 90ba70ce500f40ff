import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { PERMISSION_REASONS } from '#shared/lib/permissions.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { CommentListResponseSchema, CommentResponseSchema } from '#shared/schemas/comments.ts';
import { comments, posts, questions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { buildQuestion, call, castRoles, createPost, type RoleCast, type TestPerson } from '../../test/factories.ts';

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app, { ama: true });
});
afterAll(async () => {
  await app?.close();
});

const comment = (who: TestPerson | null, path: string, payload: unknown) => call(app, who, 'POST', path, payload);
const commentCount = async (postId: string) =>
  (await app.db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, postId)))[0]?.n;

describe('comments and replies on posts', () => {
  it('allows one level of replies under a top-level comment of the same post', async () => {
    const post = await createPost(app, cast.host, cast.groupId);
    const other = await createPost(app, cast.host, cast.groupId);
    const top = CommentResponseSchema.parse(
      (await comment(cast.subscriber, `/api/posts/${post.id}/comments`, { body: '  first  ' })).json(),
    ).comment;
    expect(top).toMatchObject({ body: 'first', parentType: 'post', parentId: post.id, replyToId: null });
    const reply = await comment(cast.member, `/api/posts/${post.id}/comments`, { body: 'reply', replyToId: top.id });
    expect(reply.statusCode).toBe(201);
    const toReply = await comment(cast.member, `/api/posts/${post.id}/comments`, {
      body: 'deeper',
      replyToId: reply.json().comment.id,
    });
    expect(toReply.statusCode).toBe(400);
    expect(toReply.json().error.message).toBe(CONTENT_MESSAGES.replyToReply);
    const elsewhere = await comment(cast.member, `/api/posts/${other.id}/comments`, { body: 'x', replyToId: top.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(CONTENT_MESSAGES.commentNotFound);
    expect(
      (await comment(cast.member, `/api/posts/${post.id}/comments`, { body: 'x', replyToId: 'zz' })).statusCode,
    ).toBe(404);
    const empty = await comment(cast.member, `/api/posts/${post.id}/comments`, { body: '  ' });
    expect(empty.json().error.message).toBe(CONTENT_MESSAGES.commentEmpty);
    const long = await comment(cast.member, `/api/posts/${post.id}/comments`, {
      body: 'x'.repeat(CONTENT_LIMITS.commentBodyMax + 1),
    });
    expect(long.json().error.message).toBe(CONTENT_MESSAGES.commentTooLong);
    expect(await commentCount(post.id)).toBe(2);
  });

  it('edits one’s own, lets the host moderate, and deletes replies with their comment', async () => {
    const post = await createPost(app, cast.member, cast.groupId);
    const top = (await comment(cast.subscriber, `/api/posts/${post.id}/comments`, { body: 'top' })).json().comment;
    const replies = [];
    for (const who of [cast.member, cast.host]) {
      replies.push(
        (await comment(who, `/api/posts/${post.id}/comments`, { body: 'r', replyToId: top.id })).json().comment,
      );
    }
    const solo = (await comment(cast.member, `/api/posts/${post.id}/comments`, { body: 'solo' })).json().comment;
    await call(app, cast.host, 'PUT', `/api/likes/comment/${replies[0].id}`);
    expect(await commentCount(post.id)).toBe(4);

    for (const who of [cast.host, cast.member, cast.guest]) {
      const edit = await call(app, who, 'PATCH', `/api/comments/${top.id}`, { body: 'hijack' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().error.code).toBe('not_author');
    }
    const edited = await call(app, cast.subscriber, 'PATCH', `/api/comments/${top.id}`, { body: ' edited ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toMatchObject({ body: 'edited', permissions: { canEdit: true, canDelete: true } });
    expect(edited.json().comment.editedAt).not.toBeNull();

    expect((await call(app, cast.guest, 'DELETE', `/api/comments/${solo.id}`)).statusCode).toBe(403);
    expect((await call(app, cast.subscriber, 'DELETE', `/api/comments/${solo.id}`)).statusCode).toBe(403);
    expect((await call(app, cast.member, 'DELETE', `/api/comments/${solo.id}`)).statusCode).toBe(204);
    expect(await commentCount(post.id)).toBe(3);
    // the host removes a subscriber's comment: its two replies go too
    expect((await call(app, cast.host, 'DELETE', `/api/comments/${top.id}`)).statusCode).toBe(204);
    expect(await commentCount(post.id)).toBe(0);
    expect((await call(app, cast.host, 'DELETE', `/api/comments/${top.id}`)).statusCode).toBe(404);
    const rows = await app.db.select().from(comments).where(eq(comments.parentId, post.id));
    expect(rows).toEqual([]);
  });

  it('lists oldest first, 50 a page, replies included', async () => {
    const post = await createPost(app, cast.host, cast.groupId);
    const top = (await comment(cast.member, `/api/posts/${post.id}/comments`, { body: 'c0' })).json().comment;
    await app.db.insert(comments).values(
      Array.from({ length: 54 }, (_, index) => ({
        groupId: cast.groupId,
        parentType: 'post' as const,
        parentId: post.id,
        replyToId: index % 2 === 0 ? top.id : null,
        authorId: cast.member.id,
        body: `c${index + 1}`,
        createdAt: new Date(Date.now() + (index + 1) * 1000),
      })),
    );
    const first = CommentListResponseSchema.parse(
      (await call(app, cast.member, 'GET', `/api/posts/${post.id}/comments`)).json(),
    );
    expect(first.comments).toHaveLength(50);
    expect(first.comments.map((item) => item.body)).toEqual(Array.from({ length: 50 }, (_, index) => `c${index}`));
    expect(first.comments[1]?.replyToId).toBe(top.id);
    const second = CommentListResponseSchema.parse(
      (await call(app, cast.member, 'GET', `/api/posts/${post.id}/comments?cursor=${first.nextCursor}`)).json(),
    );
    expect(second.comments.map((item) => item.body)).toEqual(['c50', 'c51', 'c52', 'c53', 'c54']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('comments on questions', () => {
  it('refuses the host with the rule’s reason and lets the others comment and like', async () => {
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id });
    const path = `/api/questions/${questionId}/comments`;
    const byHost = await comment(cast.host, path, { body: 'as host' });
    expect(byHost.statusCode).toBe(403);
    expect(byHost.json().error).toMatchObject({ code: 'forbidden', message: PERMISSION_REASONS.hostComment });
    const byMember = await comment(cast.member, path, { body: 'as member' });
    expect(byMember.statusCode, byMember.body).toBe(201);
    expect(byMember.json().comment).toMatchObject({ parentType: 'question', parentId: questionId });
    expect((await comment(cast.subscriber, path, { body: 'as asker' })).statusCode).toBe(201);
    expect((await comment(cast.guest, path, { body: 'as guest' })).statusCode).toBe(403);
    expect((await comment(null, path, { body: 'signed out' })).statusCode).toBe(401);
    const [stored] = await app.db.select().from(questions).where(eq(questions.id, questionId));
    expect(stored?.commentCount).toBe(2);
    const listed = CommentListResponseSchema.parse((await call(app, null, 'GET', path)).json());
    expect(listed.comments.map((item) => item.body)).toEqual(['as member', 'as asker']);

    // likes of questions and their comments: host, member, subscriber yes; guest no
    for (const who of [cast.host, cast.member, cast.subscriber]) {
      expect((await call(app, who, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(200);
    }
    expect((await call(app, cast.guest, 'PUT', `/api/likes/question/${questionId}`)).statusCode).toBe(403);
    const liked = await call(app, cast.host, 'PUT', `/api/likes/comment/${byMember.json().comment.id}`);
    expect(liked.json()).toEqual({ isLiked: true, likeCount: 1 });
    const [votes] = await app.db.select({ n: questions.likeCount }).from(questions).where(eq(questions.id, questionId));
    expect(votes?.n).toBe(3);
  });

  it('keeps hidden and pending questions to their host and author', async () => {
    const hidden = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, isHidden: true });
    const pending = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      status: 'pending',
    });
    const byMember = await comment(cast.member, `/api/questions/${hidden}/comments`, { body: 'x' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(CONTENT_MESSAGES.itemHidden);
    expect((await call(app, cast.member, 'PUT', `/api/likes/question/${hidden}`)).statusCode).toBe(403);
    expect((await call(app, cast.member, 'GET', `/api/questions/${hidden}/comments`)).statusCode).toBe(403);
    const pendingLike = await call(app, cast.member, 'PUT', `/api/likes/question/${pending}`);
    expect(pendingLike.statusCode).toBe(404);
    expect(pendingLike.json().error.message).toBe(CONTENT_MESSAGES.questionNotFound);
    expect((await comment(cast.subscriber, `/api/questions/${hidden}/comments`, { body: 'mine' })).statusCode).toBe(
      201,
    );
    expect((await call(app, cast.subscriber, 'PUT', `/api/likes/question/${pending}`)).statusCode).toBe(200);
    expect((await call(app, cast.host, 'GET', `/api/questions/${hidden}/comments`)).json().comments).toHaveLength(1);
    const missing = await comment(cast.member, `/api/questions/00000000-0000-4000-8000-000000000000/comments`, {
      body: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(CONTENT_MESSAGES.questionNotFound);
  });
});
