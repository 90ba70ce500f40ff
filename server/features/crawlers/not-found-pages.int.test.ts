import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { patchProfile, signUp, uniqueSuffix, type TestPerson } from '../../test/factories.ts';

// Pages a search engine must drop: an address that names nothing answers 404 with noindex and
// the app's not-found page (the built client's index.html); what exists answers 200.

const NOINDEX = '<meta name="robots" content="noindex" />';

let app: FastifyInstance;
let person: TestPerson;

beforeAll(async () => {
  app = await buildTestApp();
  person = await signUp(app, 'nfp');
});

afterAll(async () => {
  await app.close();
});

async function page(url: string, method: 'GET' | 'HEAD' = 'GET') {
  return app.inject({ method, url, headers: { accept: 'text/html' } });
}

describe('blog posts', () => {
  it('answers an unknown post with 404, noindex and the app', async () => {
    for (const url of ['/blog/no-such-post', '/blog/Not_A_Slug', '/BLOG/no-such-post/', '/blog/%F0%9F%8D%9E']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain(NOINDEX);
      expect(response.body).toContain('<title>Post not found · Townhall</title>');
      // the app itself, which shows its not-found page
      expect(response.body).toContain('<div id="root">');
      expect((await page(url, 'HEAD')).statusCode, `HEAD ${url}`).toBe(404);
    }
  });

  it('answers a post that exists, and the blog, with 200 and no noindex', async () => {
    for (const url of ['/blog/introducing-townhall', '/blog', '/blog/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(NOINDEX);
    }
    expect((await page('/blog/introducing-townhall')).body).toContain('<title>Introducing Townhall');
  });
});

describe("a person's followers and following", () => {
  it("answers the lists of someone who exists with the app's page", async () => {
    for (const list of ['followers', 'following']) {
      const response = await page(`/${person.username}/${list}`);
      expect(response.statusCode, list).toBe(200);
      expect(response.body).not.toContain(NOINDEX);
    }
  });

  it("moves the lists of a former handle to the current one's", async () => {
    const renamed = await signUp(app, 'nfr');
    const former = renamed.username;
    const current = `now_${uniqueSuffix()}`.slice(0, 30);
    const response = await patchProfile(app, renamed, renamed.id, { username: current });
    expect(response.statusCode, response.body).toBe(200);
    const moved = await page(`/${former}/followers?tab=1`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/${current}/followers?tab=1`);
  });

  it('answers the lists of nobody, and of a reserved word, with 404 and noindex', async () => {
    const nobody = `nobody${uniqueSuffix()}`.slice(0, 20);
    for (const url of [`/${nobody}/followers`, `/${nobody}/Following`, '/settings/followers']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(NOINDEX);
    }
  });
});
