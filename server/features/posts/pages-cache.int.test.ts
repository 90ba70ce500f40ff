import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CommentListResponseSchema, type Comment } from '#shared/schemas/comments.ts';
import { PostListResponseSchema } from '#shared/schemas/posts.ts';
import { pageScope } from '../../lib/page-cache.ts';
import { buildTestApp } from '../../test/app.ts';
import { pageEventsHeard } from '../../test/page-events.ts';
import { listComments } from '../comments/list-comments.ts';
import { listPosts } from './list-posts.ts';
import {
  buildQuestion,
  call,
  castRoles,
  createPost,
  type RoleCast,
  setSubscription,
  signUp,
  type TestPerson,
} from '../../test/factories.ts';

// A group's posts and the comments of a post or a question are served again until something they
// show changes (decision 034). Each check compares what the API answers, twice, with a fresh read
// (the list functions without a cache), after every kind of change.

let app: FastifyInstance;
let cast: RoleCast;
let raw: pg.Client;

beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app, { ama: true });
  raw = new pg.Client({ connectionString: inject('databaseUrl') });
  await raw.connect();
});
afterAll(async () => {
  await raw?.end();
  await app?.close();
});

/** The scope of the cast's posts and their comments (migration 0028). */
const postsScope = () => pageScope(cast.groupId, 'posts');
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const viewerOf = (person: TestPerson | null) => (person ? { id: person.id } : null);
const people = () => [null, cast.host, cast.member, cast.subscriber];

async function expectPostsFresh(label: string) {
  for (const person of people()) {
    for (let time = 0; time < 2; time++) {
      const response = await call(app, person, 'GET', `/api/groups/${cast.groupId}/posts`);
      expect(response.statusCode, response.body).toBe(200);
      const fresh = await listPosts({ db: app.db, viewer: viewerOf(person), groupId: cast.groupId, limit: 20 });
      expect(PostListResponseSchema.parse(response.json()), `${label}: ${person?.username ?? 'a visitor'}`).toEqual(
        json(fresh),
      );
    }
  }
}

async function expectCommentsFresh(label: string, parentType: 'post' | 'question', parentId: string) {
  for (const person of people()) {
    for (let time = 0; time < 2; time++) {
      const response = await call(app, person, 'GET', `/api/${parentType}s/${parentId}/comments`);
      const fresh = await listComments({ db: app.db, viewer: viewerOf(person), parentType, parentId }).then(
        (page) => ({ statusCode: 200, page: json(page) }),
        (error: { statusCode?: number }) => ({ statusCode: error.statusCode, page: undefined }),
      );
      const who = `${label}: ${person?.username ?? 'a visitor'}`;
      expect(response.statusCode, who).toBe(fresh.statusCode);
      if (fresh.statusCode === 200) expect(CommentListResponseSchema.parse(response.json()), who).toEqual(fresh.page);
    }
  }
}

async function comment(person: TestPerson, parentType: 'post' | 'question', parentId: string, body: string) {
  const response = await call(app, person, 'POST', `/api/${parentType}s/${parentId}/comments`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { comment: Comment }).comment;
}

async function like(person: TestPerson, targetType: string, id: string, isLiked = true) {
  const response = await call(app, person, isLiked ? 'PUT' : 'DELETE', `/api/likes/${targetType}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
}

describe("a group's posts served again", () => {
  it('is served again while nothing changes', async () => {
    const before = app.groupEvents.count(postsScope());
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Kept?' });
    await pageEventsHeard(app, postsScope(), before);
    const read = async () =>
      PostListResponseSchema.parse((await call(app, null, 'GET', `/api/groups/${cast.groupId}/posts`)).json());
    expect((await read()).posts[0]?.body).toBe('Kept?');
    // a change no trigger sees (replica role) leaves the kept page as it was
    await raw.query('begin');
    await raw.query('set local session_replication_role = replica');
    await raw.query('update posts set body = $1 where id = $2', ['Behind its back', post.id]);
    await raw.query('commit');
    expect((await read()).posts[0]?.body).toBe('Kept?');
    // the question queue is another scope: a question and a vote on it leave the posts' page kept
    const question = await call(app, cast.subscriber, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'A question beside the posts?',
    });
    expect(question.statusCode, question.body).toBe(201);
    await like(cast.member, 'question', (question.json() as { question: { id: string } }).question.id);
    expect((await read()).posts[0]?.body).toBe('Kept?');
    await like(cast.subscriber, 'post', post.id);
    expect((await read()).posts[0]).toMatchObject({ body: 'Behind its back', likeCount: 1 });
  });

  it('sends a kept page as the same bytes, with their length, whatever its characters', async () => {
    const body = 'Déjà vu? 🎉 — «ça» 日本語';
    await createPost(app, cast.host, cast.groupId, { body });
    const responses = [];
    for (let time = 0; time < 3; time++) {
      const response = await call(app, null, 'GET', `/api/groups/${cast.groupId}/posts`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      responses.push(response);
    }
    expect(PostListResponseSchema.parse(responses[2]!.json()).posts[0]?.body).toBe(body);
    expect(responses[2]!.rawPayload.equals(responses[1]!.rawPayload)).toBe(true);
  });

  it('follows posting, likes, comments, edits, renames and deletions', async () => {
    await expectPostsFresh('at first');
    const post = await createPost(app, cast.member, cast.groupId, { body: 'A post' });
    await expectPostsFresh('posted');
    await like(cast.subscriber, 'post', post.id);
    await expectPostsFresh('liked');
    await like(cast.host, 'post', post.id);
    await like(cast.subscriber, 'post', post.id, false);
    await expectPostsFresh('liked and unliked');
    const first = await comment(cast.subscriber, 'post', post.id, 'A comment');
    await expectPostsFresh('commented');
    await expectCommentsFresh('commented', 'post', post.id);
    await like(cast.member, 'comment', first.id);
    await expectCommentsFresh('comment liked', 'post', post.id);
    const reply = await call(app, cast.host, 'POST', `/api/posts/${post.id}/comments`, {
      body: 'A reply',
      replyToId: first.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await expectCommentsFresh('replied', 'post', post.id);
    const edited = await call(app, cast.subscriber, 'PATCH', `/api/comments/${first.id}`, { body: 'Edited comment' });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectCommentsFresh('comment edited', 'post', post.id);
    const postEdited = await call(app, cast.member, 'PATCH', `/api/posts/${post.id}`, { body: 'Edited post' });
    expect(postEdited.statusCode, postEdited.body).toBe(200);
    await expectPostsFresh('post edited');
    // the authors renamed: posts, comments and the newest likers show them as they are now
    for (const person of [cast.member, cast.subscriber, cast.host]) {
      const renamed = await call(app, person, 'PATCH', `/api/users/${person.id}/profile`, { name: `Now ${person.id}` });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await expectPostsFresh(`${person.username} renamed`);
      await expectCommentsFresh(`${person.username} renamed`, 'post', post.id);
    }
    // by an operator, without the API
    await raw.query('update users set name = $1 where id = $2', ['Operator Named', cast.subscriber.id]);
    await expectCommentsFresh('renamed in SQL', 'post', post.id);
    const commentDeleted = await call(app, cast.subscriber, 'DELETE', `/api/comments/${first.id}`);
    expect(commentDeleted.statusCode, commentDeleted.body).toBe(204);
    await expectCommentsFresh('comment deleted', 'post', post.id);
    await expectPostsFresh('comment deleted');
    const deleted = await call(app, cast.member, 'DELETE', `/api/posts/${post.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectPostsFresh('post deleted');
    await expectCommentsFresh('post deleted', 'post', post.id);
  });
});

describe('pages of posts and comments', () => {
  it('show a renamed author who wrote nothing else in the group', async () => {
    const [poster, commenter] = await Promise.all([signUp(app, 'pcp'), signUp(app, 'pcc')]);
    await Promise.all([
      setSubscription(app, poster, cast.groupId, true),
      setSubscription(app, commenter, cast.groupId, true),
    ]);
    const post = await createPost(app, poster, cast.groupId, { body: 'By a quiet poster' });
    await comment(commenter, 'post', post.id, 'By a quiet commenter');
    await expectPostsFresh('posted');
    await expectCommentsFresh('commented', 'post', post.id);
    for (const person of [poster, commenter]) {
      await raw.query('update users set name = $1 where id = $2', [`Quietly ${person.username}`, person.id]);
      await expectPostsFresh(`${person.username} renamed`);
      await expectCommentsFresh(`${person.username} renamed`, 'post', post.id);
    }
  });
});

describe("a question's comments served again", () => {
  it('follow the question being hidden, made pending and shown again', async () => {
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id });
    await comment(cast.member, 'question', questionId, 'On a question');
    await expectCommentsFresh('commented', 'question', questionId);
    for (const change of ['is_hidden = true', 'is_hidden = false', "status = 'pending'", "status = 'open'"]) {
      await raw.query(`update questions set ${change} where id = $1`, [questionId]);
      await expectCommentsFresh(change, 'question', questionId);
    }
    // a new host sees the comments of a hidden question; the old one no longer does
    await raw.query('update questions set is_hidden = true where id = $1', [questionId]);
    await expectCommentsFresh('hidden', 'question', questionId);
    await raw.query('update groups set owner_id = $1 where id = $2', [cast.member.id, cast.groupId]);
    try {
      await expectCommentsFresh('a new host', 'question', questionId);
      expect((await call(app, cast.host, 'GET', `/api/questions/${questionId}/comments`)).statusCode).toBe(403);
    } finally {
      await raw.query('update groups set owner_id = $1 where id = $2', [cast.host.id, cast.groupId]);
    }
  });
});
