import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '#shared/lib/page-routes.ts';
import { buildProfilesApp, buildQuestion, buildSession, createGroup, createPost, signUp } from '../test/factories.ts';

describe('page paths', () => {
  let app: FastifyInstance;
  /** Existing values for each parameter name of the routes. */
  let params: Record<string, string>;

  beforeAll(async () => {
    app = await buildProfilesApp();
    const host = await signUp(app, 'pg');
    const group = await createGroup(app, host);
    const post = await createPost(app, host, group.id);
    params = {
      username: host.username,
      slug: group.slug,
      questionId: await buildQuestion(app, { groupId: group.id, authorId: host.id }),
      postId: post.id,
      sessionId: await buildSession(app, { groupId: group.id, hostId: host.id }),
      userId: host.id,
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A route with sample values in place of its parameters (ones that exist). */
  function samplePath(route: string): string {
    return route.replace(/:(\w+)/g, (_match, name: string) => {
      if (route.startsWith('/blog/')) return 'introducing-townhall';
      if (route.startsWith('/event/')) return params.sessionId ?? '';
      if (route.startsWith('/user/')) return params.userId ?? '';
      const value = params[name];
      if (value === undefined) throw new Error(`no sample value for :${name} of ${route}`);
      return encodeURIComponent(value);
    });
  }

  it('every page of the client answers 200 with the app', async () => {
    const failures: string[] = [];
    for (const route of PAGE_ROUTES) {
      const path = samplePath(route);
      let response = await app.inject({ method: 'GET', url: path });
      // /user/{id} moves to the person's handle first.
      if (response.statusCode === 301) response = await app.inject({ method: 'GET', url: response.headers.location });
      if (response.statusCode !== 200 || !response.body.includes('<div id="root">')) {
        failures.push(`${route} (${path}): ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('/search with a query is the search page, not a person called search', async () => {
    const response = await app.inject({ method: 'GET', url: '/search?q=%3Cb%3Eama%3C%2Fb%3E' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it.each(['/some/unknown/page', `/group/x/y`, '/settings/nothing/here', '/a//b', '/nobody-has-this-handle-x9'])(
    '%s answers 404 with the app (its not-found page)',
    async (path) => {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    },
  );
});
