import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '#shared/lib/image-urls.ts';
import { answers, groups, images } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  ask,
  buildAmaCast,
  buildQuestion,
  call,
  createPost,
  patchProfile,
  schedule,
  signUp,
  setSubscription,
} from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ORIGIN = 'http://townhall.test';

const slugOf = async (groupId: string) => {
  const [row] = await app.db.select({ slug: groups.slug }).from(groups).where(eq(groups.id, groupId));
  if (!row) throw new Error('no group');
  return row.slug;
};

type Link = { '@_rel'?: string; '@_href': string; '@_type'?: string };
type Entry = {
  id: string;
  title: string;
  link: Link[];
  updated: string;
  published?: string;
  content: string;
  author: { name: string; uri?: string }[];
};
type AtomDocument = {
  feed: {
    '@_xmlns': string;
    id: string;
    title: string;
    subtitle?: string;
    updated: string;
    link: Link[];
    author: { name: string; uri?: string }[];
    entry?: Entry[];
  };
};

/** Reads a feed as a reader would: valid XML first (fast-xml-parser's validator), then its Atom elements. */
async function readFeed(url: string) {
  const response = await app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect(XMLValidator.validate(response.body)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['entry', 'link', 'author'].includes(name),
    // entities stay as the feed writes them inside CDATA; text values are decoded
    processEntities: true,
  }).parse(response.body) as AtomDocument;
  const { feed } = parsed;
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  // RFC 4287: a feed has an id, a title, an updated date, an author (or every entry has one) and its self link
  expect(feed.id).toBeTruthy();
  expect(feed.title).toBeTruthy();
  expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
  expect(feed.author[0]?.name).toBeTruthy();
  expect(feed.link.find((link) => link['@_rel'] === 'self')?.['@_href']).toBe(`${ORIGIN}${url}`);
  for (const entry of feed.entry ?? []) {
    // title and content are declared HTML (type="html"); read their text
    for (const key of ['title', 'content'] as const) {
      const value = entry[key] as unknown as string | { '#text': string; '@_type': string };
      if (typeof value === 'object') {
        expect(value['@_type']).toBe('html');
        entry[key] = value['#text'];
      }
    }
    expect(entry.id).toMatch(/^(urn:uuid:[0-9a-f-]{36}|https?:\/\/.+)$/);
    expect(entry.title).toBeTruthy();
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.link.find((link) => (link['@_rel'] ?? 'alternate') === 'alternate')?.['@_href']).toMatch(/^http/);
  }
  return { feed, response };
}

const entryLink = (entry: Entry) =>
  entry.link.find((link) => (link['@_rel'] ?? 'alternate') === 'alternate')?.['@_href'];

describe("a group's posts feed", () => {
  it('lists the newest posts with their first line as title, their text as escaped HTML and their link', async () => {
    const cast = await buildAmaCast(app, { ama: false });
    const renamed = await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { name: 'Glass & <Kiln>' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const slug = await slugOf(cast.groupId);
    const first = await createPost(app, cast.member, cast.groupId, { body: 'First firing\n\nIt went **well**.' });
    const hostile = await createPost(app, cast.host, cast.groupId, {
      body: 'Ends ]]> here <script>alert(1)</script> & more\n\n- one\n- [two](javascript:alert(1))',
    });

    const { feed } = await readFeed(`/group/${slug}/posts.atom`);
    expect(feed.title).toBe('Glass & <Kiln>: posts');
    expect(feed.link.find((link) => link['@_rel'] === 'alternate')?.['@_href']).toBe(`${ORIGIN}/group/${slug}`);
    expect(feed.author[0]?.uri).toBe(`${ORIGIN}/${cast.host.username}`);
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entry.id)).toEqual([`urn:uuid:${hostile.id}`, `urn:uuid:${first.id}`]);
    const [newest, oldest] = entries as [Entry, Entry];
    expect(oldest.title).toBe('First firing');
    expect(oldest.content).toBe('<p>First firing</p>\n<p>It went <strong>well</strong>.</p>');
    expect(entryLink(oldest)).toBe(`${ORIGIN}/group/${slug}/post/${first.id}`);
    expect(oldest.author[0]?.name).toBe(cast.member.username);
    // the title is HTML (type="html"): the text's markup is escaped in it
    expect(newest.title).toBe('Ends ]]&gt; here &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(newest.content).not.toContain('<script');
    // a javascript: link stays text, never a link
    expect(newest.content).not.toContain('<a ');
    expect(newest.content).toContain('[two](javascript:alert(1))');
    expect(newest.content).toContain('Ends ]]&gt; here &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(newest.content).toContain('<ul><li>one</li>');
    expect(Date.parse(feed.updated)).toBe(Date.parse(newest.updated));
  });

  it('answers 304 to its ETag, a new ETag after a new post, and 404 in plain text for an unknown group', async () => {
    const cast = await buildAmaCast(app, { ama: false });
    const slug = await slugOf(cast.groupId);
    const url = `/group/${slug}/posts.atom`;
    const { response } = await readFeed(url);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toContain('max-age');
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createPost(app, cast.member, cast.groupId, { body: 'News' });
    const changed = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    for (const missing of ['/group/no-such-group-anywhere/posts.atom', '/group/no-such-group-anywhere/answers.atom']) {
      const response = await app.inject({ url: missing });
      expect(response.statusCode, missing).toBe(404);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe('There is no group with this address, so there is no feed to follow.');
    }
    // a group with no posts yet is an empty feed, dated by the group
    const empty = await buildAmaCast(app, { ama: false });
    const { feed } = await readFeed(`/group/${await slugOf(empty.groupId)}/posts.atom`);
    expect(feed.entry ?? []).toEqual([]);
  });

  it('keeps the newest 50', async () => {
    const cast = await buildAmaCast(app, { ama: false });
    const slug = await slugOf(cast.groupId);
    const { posts } = await import('../../db/schema/index.ts');
    await app.db.insert(posts).values(
      Array.from({ length: 55 }, (_, index) => ({
        groupId: cast.groupId,
        authorId: cast.member.id,
        body: `Post number ${index}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, index)),
        updatedAt: new Date(Date.UTC(2030, 0, 1, 0, index)),
      })),
    );
    const { feed } = await readFeed(`/group/${slug}/posts.atom`);
    expect(feed.entry).toHaveLength(50);
    expect(feed.entry?.[0]?.title).toBe('Post number 54');
    expect(feed.entry?.[49]?.title).toBe('Post number 5');
  });
});

describe("a group's answers feed", () => {
  it('has an entry per answer to a question everyone may see, naming no anonymous asker', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
    ).toBe(200);
    const asker = await signUp(app, 'anon');
    const secretName = `Quentin Marvelwood ${asker.id.slice(0, 6)}`;
    expect((await patchProfile(app, asker, asker.id, { name: secretName })).statusCode).toBe(200);
    expect((await setSubscription(app, asker, cast.groupId, true)).statusCode).toBe(200);

    const answer = async (questionId: string, body: string) => {
      const answered = await call(app, cast.host, 'PUT', `/api/questions/${questionId}/answer`, { body });
      expect(answered.statusCode, answered.body).toBe(200);
    };
    const named = await ask(app, cast.subscriber, cast.groupId, 'Which **clay** for mugs?');
    await answer(named.id, 'Stoneware, *always*.\n\n1. wedge\n2. throw');
    const anonymous = await call(app, asker, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'Is it worth it?',
      anonymous: true,
    });
    expect(anonymous.statusCode, anonymous.body).toBe(201);
    const anonymousId = (anonymous.json() as { question: { id: string } }).question.id;
    await answer(anonymousId, 'Yes.');
    const hidden = await ask(app, cast.subscriber, cast.groupId, 'Hidden later');
    await answer(hidden.id, 'Answer of a hidden question');
    const hiding = await call(app, cast.host, 'PATCH', `/api/questions/${hidden.id}/moderation`, { isHidden: true });
    expect(hiding.statusCode, hiding.body).toBe(200);
    await ask(app, cast.subscriber, cast.groupId, 'Not answered yet');
    // a pending question with an answer row (written directly: the host answers after approving)
    const pendingId = await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      body: 'Pending question',
      status: 'pending',
    });
    await app.db.insert(answers).values({
      questionId: pendingId,
      groupId: cast.groupId,
      authorId: cast.host.id,
      body: 'Answer of a pending question',
    });

    const { feed, response } = await readFeed(`/group/${slug}/answers.atom`);
    expect(response.body.toLowerCase()).not.toContain(asker.username);
    expect(response.body).not.toContain(secretName);
    expect(response.body).not.toContain('hidden question');
    expect(response.body).not.toContain('pending question');
    expect(response.body).not.toContain('Not answered yet');
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entryLink(entry))).toEqual([
      `${ORIGIN}/group/${slug}/question/${anonymousId}`,
      `${ORIGIN}/group/${slug}/question/${named.id}`,
    ]);
    const [anonymousEntry, namedEntry] = entries as [Entry, Entry];
    expect(anonymousEntry.title).toBe('Is it worth it?');
    expect(anonymousEntry.content).toContain('Asked by Anonymous');
    expect(namedEntry.title).toBe('Which clay for mugs?');
    expect(namedEntry.content).toContain(`Asked by ${cast.subscriber.username}`);
    expect(namedEntry.content).toContain('<p>Stoneware, <em>always</em>.</p>\n<ol><li>wedge</li><li>throw</li></ol>');
    expect(namedEntry.author[0]).toEqual({ name: cast.host.username, uri: `${ORIGIN}/${cast.host.username}` });
  });
});

describe('the blog feed', () => {
  it('lists every blog post with its text, newest first', async () => {
    const list = (await app.inject({ url: '/api/blog' })).json() as { posts: { slug: string; title: string }[] };
    const { feed, response } = await readFeed('/blog.atom');
    expect(feed.title).toBe('Townhall blog');
    expect(feed.link.find((link) => link['@_rel'] === 'alternate')?.['@_href']).toBe(`${ORIGIN}/blog`);
    expect((feed.entry ?? []).map((entry) => entryLink(entry))).toEqual(
      list.posts.map((post) => `${ORIGIN}/blog/${post.slug}`),
    );
    expect(feed.entry?.[0]?.content).toMatch(/<p>/);
    const again = await app.inject({
      url: '/blog.atom',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('oEmbed', () => {
  const oembed = (query: Record<string, string>) =>
    app.inject({ url: `/api/oembed?${new URLSearchParams(query).toString()}` });

  it('describes a question and a session as links, with the page picture as thumbnail within maxwidth', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'How long to dry *oak*?');
    const questionUrl = `${ORIGIN}/group/${slug}/question/${question.id}`;
    const response = await oembed({ url: questionUrl, format: 'json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      version: '1.0',
      type: 'link',
      title: 'How long to dry *oak*?',
      author_name: cast.subscriber.username,
      author_url: `${ORIGIN}/${cast.subscriber.username}`,
      provider_name: 'Townhall',
      provider_url: `${ORIGIN}/`,
      cache_age: 3600,
      thumbnail_url: `${ORIGIN}/og-image.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    // the site picture is 1200 px wide: a consumer that shows at most 600 gets no thumbnail
    const narrow = await oembed({ url: questionUrl, maxwidth: '600' });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json()).not.toHaveProperty('thumbnail_url');

    // a group picture offers a rendition that fits
    const [row] = await app.db
      .insert(images)
      .values({
        ownerId: cast.host.id,
        purpose: 'group',
        sourceType: 'image/png',
        sourceBytes: 1000,
        width: 2000,
        height: 1000,
        variants: [],
        storage: 'local',
      })
      .returning({ id: images.id });
    const picture = imageVariantUrl(row?.id ?? '', 'w1920');
    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { groupImage: picture })).statusCode,
    ).toBe(200);
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Drying AMA' });
    const fitted = await oembed({ url: `${ORIGIN}/event/${session.id}`, maxwidth: '900', maxheight: '400' });
    expect(fitted.statusCode, fitted.body).toBe(200);
    expect(fitted.json()).toMatchObject({
      title: 'Drying AMA',
      author_name: cast.host.username,
      author_url: `${ORIGIN}/${cast.host.username}`,
      thumbnail_url: `${ORIGIN}${picture.replace('w1920', 'w750')}`,
      thumbnail_width: 750,
      thumbnail_height: 375,
    });
  });

  it('names an anonymous asker "Anonymous", and answers 404 for hidden, pending, unknown and foreign pages', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const slug = await slugOf(cast.groupId);
    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
    ).toBe(200);
    const asked = await call(app, cast.subscriber, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'Anonymous one',
      anonymous: true,
    });
    const id = (asked.json() as { question: { id: string } }).question.id;
    const pageUrl = `${ORIGIN}/group/${slug}/question/${id}`;
    expect((await oembed({ url: pageUrl })).statusCode).toBe(404);
    const approved = await call(app, cast.host, 'PATCH', `/api/questions/${id}/moderation`, { isApproved: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const visible = await oembed({ url: pageUrl });
    expect(visible.statusCode).toBe(200);
    expect(visible.json()).toMatchObject({ author_name: 'Anonymous' });
    expect(visible.json()).not.toHaveProperty('author_url');
    expect(visible.body.toLowerCase()).not.toContain(cast.subscriber.username);
    const hidden = await call(app, cast.host, 'PATCH', `/api/questions/${id}/moderation`, { isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await oembed({ url: pageUrl })).statusCode).toBe(404);

    for (const url of [
      `${ORIGIN}/group/${slug}`,
      `${ORIGIN}/group/${slug}/question/${crypto.randomUUID()}`,
      `${ORIGIN}/group/${slug}/question/not-an-id`,
      `${ORIGIN}/event/${crypto.randomUUID()}`,
      `${ORIGIN}/blog/introducing-townhall`,
      `https://elsewhere.example/group/${slug}/question/${id}`,
      `${ORIGIN}/group/%E0%A4%A/question/${id}`,
      `${ORIGIN}/group/a%00b/question/${id}`,
      `${ORIGIN}/group/${slug}%07/question/${id}`,
    ]) {
      const response = await oembed({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.message).toBe(
        'Townhall has no question or session at this address that can be embedded.',
      );
    }
  });

  it('answers 501 for XML, 400 for a bad url or size, with a sentence', async () => {
    for (const format of ['xml', 'XML']) {
      const xml = await oembed({ url: `${ORIGIN}/event/${crypto.randomUUID()}`, format });
      expect(xml.statusCode).toBe(501);
      expect(xml.json().error.message).toBe('Only format=json is available: Townhall does not answer oEmbed in XML.');
    }
    for (const query of [
      { url: 'not a url' },
      { url: 'javascript:alert(1)' },
      { url: '' },
      {},
      { url: `${ORIGIN}/`, maxwidth: 'wide' },
      { url: `${ORIGIN}/`, maxheight: '-1' },
      { url: `${ORIGIN}/`, format: 'yaml' },
    ] as Record<string, string>[]) {
      const response = await oembed(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error.message.length).toBeGreaterThan(10);
    }
  });
});
