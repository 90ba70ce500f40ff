import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { TestLiveSocket } from '../../test/live-socket.ts';
import { call, castRoles, createPost } from '../../test/factories.ts';

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

describe('live events of posts, comments and likes', () => {
  it('tells watchers of the group about each change', async () => {
    const cast = await castRoles(app);
    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(watcher);
    await watcher.next((message) => message.type === 'welcome');
    await watcher.subscribe(`group:${cast.groupId}`);
    const on = (event: string) => watcher.next((m) => m.type === 'event' && m.event === event);
    const topic = `group:${cast.groupId}`;

    const post = await createPost(app, cast.subscriber, cast.groupId);
    expect(await on('post.created')).toEqual({ type: 'event', topic, event: 'post.created', ids: { postId: post.id } });
    await call(app, cast.subscriber, 'PATCH', `/api/posts/${post.id}`, { body: 'edited' });
    expect(await on('post.updated')).toMatchObject({ ids: { postId: post.id } });
    const created = await call(app, cast.member, 'POST', `/api/posts/${post.id}/comments`, { body: 'hi' });
    const commentId = created.json().comment.id;
    expect(await on('comment.created')).toMatchObject({
      ids: { commentId, parentId: post.id },
      data: { parentType: 'post', commentCount: 1 },
    });
    await call(app, cast.member, 'PATCH', `/api/comments/${commentId}`, { body: 'hello' });
    expect(await on('comment.updated')).toMatchObject({ ids: { commentId } });
    await call(app, cast.host, 'PUT', `/api/likes/post/${post.id}`);
    expect(await on('like.changed')).toEqual({
      type: 'event',
      topic,
      event: 'like.changed',
      ids: { targetId: post.id },
      data: { targetType: 'post', likeCount: 1 },
    });
    await call(app, cast.host, 'DELETE', `/api/comments/${commentId}`);
    expect(await on('comment.deleted')).toMatchObject({ ids: { commentId }, data: { commentCount: 0 } });
    await call(app, cast.host, 'DELETE', `/api/posts/${post.id}`);
    expect(await on('post.deleted')).toMatchObject({ ids: { postId: post.id } });
  });
});
