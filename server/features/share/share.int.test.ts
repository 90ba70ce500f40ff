import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { ask, buildAmaCast, call, createPost, schedule, storeImage } from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const page = async (url: string) => {
  const response = await app.inject({ url });
  return { status: response.statusCode, html: response.body };
};
const slugOf = async (groupId: string) => {
  const [row] = await app.db.select({ slug: groups.slug }).from(groups).where(eq(groups.id, groupId));
  if (!row) throw new Error('no group');
  return row.slug;
};
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];

describe('shared links: server-rendered previews', () => {
  it('gives a group page its title, description, image and canonical link, escaped', async () => {
    const cast = await buildAmaCast(app);
    const image = await storeImage(app, cast.host.id, 'group');
    const changed = await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, {
      name: 'Wood & <b>Craft</b>',
      description: 'Joinery "by hand"\n\nand more',
      groupImage: image,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const slug = (changed.json() as { group: { slug: string } }).group.slug;

    const { status, html } = await page(`/group/${slug.toUpperCase()}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Wood &amp; &lt;b&gt;Craft&lt;/b&gt; · Townhall</title>');
    expect(html).not.toContain('<b>Craft</b>');
    expect(meta(html, 'description')).toBe('Joinery &quot;by hand&quot; and more');
    expect(meta(html, 'og:url')).toBe(`http://townhall.test/group/${slug}`);
    expect(meta(html, 'og:image')).toBe(`http://townhall.test${image}`);
    expect(html).toContain(`<link rel="canonical" href="http://townhall.test/group/${slug}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root">');
  });

  it('answers an unknown group or session with a 404 page that still loads the client', async () => {
    for (const url of [
      '/group/no-such-group-here',
      `/event/${crypto.randomUUID()}`,
      '/event/not-an-id',
      `/event/${crypto.randomUUID()}/present`,
      '/event/not-an-id/present?transparent=1',
    ]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root">');
    }
  });

  it('previews a question with its answer, and keeps pending or hidden questions out', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'How do you **choose** wood?');
    const url = `/group/${slug}/question/${question.id}`;

    let html = (await page(url)).html;
    expect(meta(html, 'og:title')).toBe('How do you **choose** wood?');
    expect(meta(html, 'description')).toMatch(/^Asked by .+ · 0 votes · waiting for .+&#39;s answer\.$/);
    expect(meta(html, 'og:type')).toBe('article');

    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, {
      body: 'By **grain** and smell.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    html = (await page(url)).html;
    expect(meta(html, 'description')).toMatch(/ answered: By grain and smell\.$/);

    const hidden = await call(app, cast.host, 'PATCH', `/api/questions/${question.id}/moderation`, { isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const afterHiding = await page(url);
    expect(afterHiding.status).toBe(200);
    expect(afterHiding.html).not.toContain('choose');
    expect(afterHiding.html).not.toContain('og:title');
  });

  it('previews a post with its first picture as a large card, and a session with its time', async () => {
    const cast = await buildAmaCast(app);
    const picture = await storeImage(app, cast.member.id, 'post');
    const post = await createPost(app, cast.member, cast.groupId, {
      body: 'New **bench** finished!\n\n- oak\n- walnut',
      images: [picture],
    });
    const slug = await slugOf(cast.groupId);
    const html = (await page(`/group/${slug}/post/${post.id}`)).html;
    expect(meta(html, 'description')).toBe('New bench finished! oak walnut');
    expect(meta(html, 'og:image')).toBe(`http://townhall.test${picture}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // another group's slug does not reveal the post
    expect((await page(`/group/no-such-group-here/post/${post.id}`)).status).toBe(404);

    const session = await schedule(app, cast.host, cast.groupId, {
      title: 'Workshop <AMA>',
      startsAt: '2031-05-04T18:30:00.000Z',
    });
    const sessionHtml = (await page(`/event/${session.id}`)).html;
    expect((await page(`/event/${session.id}/present`)).status).toBe(200);
    expect(sessionHtml).toMatch(/<title>Workshop &lt;AMA&gt; · AMA with .+ · Townhall<\/title>/);
    expect(meta(sessionHtml, 'description')).toMatch(/^May 4, 2031, 6:30 PM UTC · /);
  });
});

describe('one post or question for its own page', () => {
  it('reads a post and a visible question; 404 for unknown ids and for questions one may not see', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Visible to all' });
    const read = await call(app, null, 'GET', `/api/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().post).toMatchObject({ id: post.id, body: 'Visible to all' });
    for (const id of [crypto.randomUUID(), 'nope']) {
      const missing = await call(app, null, 'GET', `/api/posts/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Post not found');
    }

    const pending = await ask(app, cast.subscriber, cast.groupId, 'Waiting for approval?');
    expect(pending.status).toBe('pending');
    expect((await call(app, cast.subscriber, 'GET', `/api/questions/${pending.id}`)).statusCode).toBe(200);
    expect((await call(app, cast.host, 'GET', `/api/questions/${pending.id}`)).statusCode).toBe(200);
    for (const person of [null, cast.guest, cast.member]) {
      const refused = await call(app, person, 'GET', `/api/questions/${pending.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe('Question not found');
    }
    const approved = await call(app, cast.host, 'PATCH', `/api/questions/${pending.id}/moderation`, {
      isApproved: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const visible = await call(app, null, 'GET', `/api/questions/${pending.id}`);
    expect(visible.statusCode).toBe(200);
    expect(visible.json().question).toMatchObject({ id: pending.id, status: 'open' });
  });
});

describe('shared links: the blog and content pages', () => {
  it('gives a blog post and a content page their title and summary', async () => {
    const post = await page('/blog/introducing-townhall');
    expect(post.status).toBe(200);
    expect(post.html).toContain('<title>Introducing Townhall · Townhall</title>');
    expect(meta(post.html, 'og:type')).toBe('article');
    expect(meta(post.html, 'og:url')).toBe('http://townhall.test/blog/introducing-townhall');
    expect(meta(post.html, 'description')?.length).toBeGreaterThan(20);

    const about = await page('/about');
    expect(about.html).toContain('<title>About Townhall · Townhall</title>');
    // an unknown post is left to the client's own "Post not found"
    const unknown = await page('/blog/no-such-post');
    expect(unknown.status).toBe(200);
    expect(unknown.html).not.toContain('og:title');
  });
});
