import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../features/admin/grant-admin.ts';
import { buildTestApp } from '../test/app.ts';
import { buildQuestion, call, castRoles, createPost, type RoleCast } from '../test/factories.ts';
const INVALID_CURSOR_MESSAGE = 'This page link is not valid any more. Start again from the first page.';
const MAX_INT32 = 2147483647;

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const UUID = '0b6f3c52-5f0e-4c1a-9d1e-7f2a1c3b4d5e';
const TIME = '2026-01-02T03:04:05.000006Z';
// Each is well-formed base64url JSON of a list's own shape with one part PostgreSQL refuses:
// the kind of cursor that used to reach SQL and answer 500.
const FORGED = {
  'an impossible date': [forge(['2026-02-30T03:04:05.000006Z', UUID]), forge(['2026-02-30T03:04:05.000006Z', 'user'])],
  'year zero': [forge(['0000-01-01T00:00:00.000000Z', UUID]), forge(['0000-01-01T00:00:00.000Z', UUID])],
  'month 13': [forge(['2026-13-01T00:00:00.000000Z', UUID])],
  'a count beyond an integer': [
    forge([MAX_INT32 + 1, UUID]),
    forge([1e300, 'user']),
    forge([MAX_INT32 + 1, TIME, UUID]),
  ],
  'a negative count': [forge([-1, UUID]), forge([-1, TIME, UUID])],
  'an id of the wrong kind': [forge([TIME, 'not an id!']), forge([TIME, -1]), forge([1, TIME, 'x'])],
  'a NUL': [forge([TIME, `${UUID}\u0000`])],
  'no JSON at all': ['nonsense', '%%%', ''],
};

describe('every list refuses a forged page link with a 400', () => {
  let app: FastifyInstance;
  let cast: RoleCast;
  let lists: string[];

  beforeAll(async () => {
    app = await buildTestApp();
    cast = await castRoles(app);
    await grantAdmin(app.db, cast.host.email);
    const post = await createPost(app, cast.member, cast.groupId);
    const questionId = await buildQuestion(app, { groupId: cast.groupId, authorId: cast.member.id });
    lists = [
      '/api/admin/mail',
      '/api/admin/users',
      '/api/admin/groups',
      '/api/admin/content?type=post',
      '/api/admin/content?type=comment',
      '/api/admin/contact-messages',
      '/api/admin/audit-log',
      `/api/users/${cast.host.id}/followers`,
      `/api/users/${cast.host.id}/following`,
      '/api/groups?sort=newest',
      '/api/groups?sort=popular',
      `/api/groups/${cast.groupId}/members`,
      `/api/groups/${cast.groupId}/subscribers`,
      '/api/me/subscriptions',
      `/api/groups/${cast.groupId}/questions?sort=top`,
      `/api/groups/${cast.groupId}/questions?sort=new`,
      `/api/groups/${cast.groupId}/posts`,
      `/api/posts/${post.id}/comments`,
      `/api/questions/${questionId}/comments`,
      `/api/likes/post/${post.id}`,
      '/api/sessions?view=upcoming',
      '/api/sessions?view=past',
      '/api/notifications',
      '/api/search?q=hello&type=people',
      '/api/me/feed',
      '/api/me/sessions?scope=upcoming',
      '/api/creators',
    ];
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(Object.entries(FORGED))('%s', async (_name, cursors) => {
    for (const url of lists) {
      for (const cursor of cursors) {
        const response = await call(
          app,
          cast.host,
          'GET',
          `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`,
        );
        if (cursor === '' && !url.startsWith('/api/search')) {
          // an empty cursor is the first page (search alone refuses it)
          expect(response.statusCode, `${url} ${response.body}`).toBe(200);
          continue;
        }
        expect(response.statusCode, `${url} ${cursor} ${response.body}`).toBe(400);
        const { error } = response.json();
        if (url.startsWith('/api/search')) continue; // search says so in its own words
        expect(error, url).toEqual({ code: 'invalid_cursor', message: INVALID_CURSOR_MESSAGE });
      }
    }
  });

  it('still walks every page with the cursors it hands out', async () => {
    for (const url of lists) {
      const first = await call(app, cast.host, 'GET', `${url}${url.includes('?') ? '&' : '?'}limit=1`);
      if (first.statusCode === 400) continue; // lists without a limit option are checked below
      expect(first.statusCode, `${url} ${first.body}`).toBe(200);
      const { nextCursor } = first.json() as { nextCursor: string | null };
      if (!nextCursor) continue;
      const second = await call(
        app,
        cast.host,
        'GET',
        `${url}${url.includes('?') ? '&' : '?'}limit=1&cursor=${encodeURIComponent(nextCursor)}`,
      );
      expect(second.statusCode, `${url} ${second.body}`).toBe(200);
    }
  });
});
