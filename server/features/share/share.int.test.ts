import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import jsonld from 'jsonld';
import ogs from 'open-graph-scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '#shared/lib/image-urls.ts';
import { groups, images } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  ask,
  buildAmaCast,
  call,
  createPost,
  patchProfile,
  schedule,
  signUp,
  storeImage,
} from '../../test/factories.ts';

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
    // an unknown post's page (a 404 since issue 19) is the site feature's: its own tests check it
  });
});

/** A group picture as the upload pipeline stores one: 2400 × 1600, renditions up to w2048. */
async function storeWidePicture(ownerId: string): Promise<string> {
  const widths = [640, 750, 828, 1080, 1200, 1920, 2048];
  const [row] = await app.db
    .insert(images)
    .values({
      ownerId,
      purpose: 'group',
      sourceType: 'image/jpeg',
      sourceBytes: 900_000,
      width: 2400,
      height: 1600,
      variants: widths.map((width) => ({
        name: `w${width}`,
        format: 'webp' as const,
        width,
        height: Math.round((width * 2) / 3),
        bytes: width * 50,
      })),
      storage: 'local',
    })
    .returning({ id: images.id });
  if (!row) throw new Error('no image row');
  return imageVariantUrl(row.id, 'w2048');
}

/** What open-graph-scraper, a link unfurler's parser, reads from a served page. */
async function scrape(url: string) {
  const { status, html } = await page(url);
  expect(status, url).toBe(200);
  const { result, error } = await ogs({ html });
  expect(error, url).toBe(false);
  return { result, html };
}

const ORIGIN = 'http://townhall.test';
/** The site's own picture as open-graph-scraper reads it (sizes as the page writes them). */
const SITE_PICTURE = [{ url: `${ORIGIN}/og-image.png`, width: '1200', height: '630', type: 'image/png' }];

/** The JSON-LD blocks of a page, parsed. */
const jsonLdOf = (html: string): object[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as object,
  );

/** schema.org's context, served locally: the network is closed, and any other URL is refused. */
const documentLoader = async (url: string) => {
  if (url === 'https://schema.org' || url === 'https://schema.org/') {
    return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
  }
  throw new Error(`no document at ${url} in this test`);
};

type Expanded = Record<string, unknown[]>;
const S = (property: string) => `https://schema.org/${property}`;
/** One value of an expanded node's property: `@value`, or the node itself. */
const valueOf = (node: Expanded, property: string): unknown => {
  const [first] = (node[S(property)] ?? []) as ({ '@value'?: unknown } & Expanded)[];
  return first && '@value' in first ? first['@value'] : first;
};
async function expandOne(data: object): Promise<Expanded> {
  const expanded = (await jsonld.expand(data as jsonld.JsonLdDocument, { documentLoader })) as Expanded[];
  expect(expanded).toHaveLength(1);
  return expanded[0] as Expanded;
}

describe('link previews with their picture and its size (open-graph-scraper)', () => {
  it('previews the home page with the site picture, its size, URL and a large card', async () => {
    const { result, html } = await scrape('/');
    expect(result.ogUrl).toBe(`${ORIGIN}/`);
    expect(result.ogType).toBe('website');
    expect(result.ogTitle).toBe('Townhall');
    expect(result.ogDescription).toBe('Creator communities with live question-and-answer groups.');
    expect(result.ogImage).toMatchObject(SITE_PICTURE);
    expect(result.ogImage?.[0]?.alt).toBe('Townhall');
    expect(result.twitterCard).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Townhall</title>');
    expect(html).not.toContain('noindex');
  });

  it('gives a group, its question and post, and its session the group picture at 1200 px with its height', async () => {
    const cast = await buildAmaCast(app);
    const picture = await storeWidePicture(cast.host.id);
    const changed = await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, {
      name: 'Lathe people',
      groupImage: picture,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const slug = await slugOf(cast.groupId);
    const rendition = picture.replace('w2048', 'w1200');
    const expected = [{ url: `${ORIGIN}${rendition}`, width: '1200', height: '800', type: 'image/webp' }];
    const question = await ask(app, cast.subscriber, cast.groupId, 'Which lathe first?');
    const post = await createPost(app, cast.member, cast.groupId, { body: 'No picture here' });
    const session = await schedule(app, cast.host, cast.groupId, { title: 'Turning AMA' });

    for (const [url, type] of [
      [`/group/${slug}`, 'website'],
      [`/group/${slug}/question/${question.id}`, 'article'],
      [`/group/${slug}/post/${post.id}`, 'article'],
      [`/event/${session.id}`, 'website'],
    ] as const) {
      const { result } = await scrape(url);
      expect(result.ogImage, url).toMatchObject(expected);
      expect(result.ogImage?.[0]?.alt, url).toBe('Lathe people');
      expect(result.ogUrl, url).toBe(`${ORIGIN}${url}`);
      expect(result.ogType, url).toBe(type);
      expect(result.twitterCard, url).toBe('summary_large_image');
    }
  });

  it('falls back to the site picture for a group without one, and sizes a post photo by its shape', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const { result } = await scrape(`/group/${slug}`);
    expect(result.ogImage).toMatchObject(SITE_PICTURE);

    // a post photo of 3000 × 1000 stored up to w1920: offered at 1200 × 400
    const [row] = await app.db
      .insert(images)
      .values({
        ownerId: cast.member.id,
        purpose: 'post',
        sourceType: 'image/png',
        sourceBytes: 1000,
        width: 3000,
        height: 1000,
        variants: [],
        storage: 'local',
      })
      .returning({ id: images.id });
    const photo = imageVariantUrl(row?.id ?? '', 'w1920');
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Panorama', images: [photo] });
    const scraped = await scrape(`/group/${slug}/post/${post.id}`);
    expect(scraped.result.ogImage).toMatchObject([
      { url: `${ORIGIN}${photo.replace('w1920', 'w1200')}`, width: '1200', height: '400', type: 'image/webp' },
    ]);
  });

  it('gives a profile avatar its square size', async () => {
    const person = await signUp(app, 'og');
    const avatar = await storeImage(app, person.id, 'avatar');
    expect((await patchProfile(app, person, person.id, { profileImageURL: avatar })).statusCode).toBe(200);
    const { result } = await scrape(`/${person.username}`);
    expect(result.ogImage).toMatchObject([
      { url: `${ORIGIN}${avatar}`, width: '384', height: '384', type: 'image/webp' },
    ]);
    expect(result.twitterCard).toBe('summary');
  });
});

describe('JSON-LD (expanded with jsonld)', () => {
  it('describes a session as an online schema.org Event with its organizer', async () => {
    const cast = await buildAmaCast(app);
    const host = await call(app, cast.host, 'PATCH', `/api/users/${cast.host.id}/profile`, { name: 'Ada Turner' });
    expect(host.statusCode, host.body).toBe(200);
    const session = await schedule(app, cast.host, cast.groupId, {
      title: 'Bowls </script> AMA',
      description: 'Green wood & dry wood',
      startsAt: '2031-05-04T18:30:00.000Z',
      durationMinutes: 45,
    });
    const { html } = await page(`/event/${session.id}`);
    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(1);
    const event = await expandOne(blocks[0] ?? {});
    expect(event['@type']).toEqual([S('Event')]);
    expect(valueOf(event, 'name')).toBe('Bowls </script> AMA');
    expect(valueOf(event, 'description')).toBe('Green wood & dry wood');
    expect(valueOf(event, 'startDate')).toBe('2031-05-04T18:30:00.000Z');
    expect(valueOf(event, 'endDate')).toBe('2031-05-04T19:15:00.000Z');
    expect(valueOf(event, 'eventStatus')).toBe(S('EventScheduled'));
    expect(valueOf(event, 'eventAttendanceMode')).toBe(S('OnlineEventAttendanceMode'));
    expect(valueOf(event, 'url')).toBe(`${ORIGIN}/event/${session.id}`);
    expect(valueOf(event, 'image')).toBe(`${ORIGIN}/og-image.png`);
    const location = valueOf(event, 'location') as Expanded;
    expect(location['@type']).toEqual([S('VirtualLocation')]);
    expect(valueOf(location, 'url')).toBe(`${ORIGIN}/event/${session.id}`);
    const organizer = valueOf(event, 'organizer') as Expanded;
    expect(organizer['@type']).toEqual([S('Person')]);
    expect(valueOf(organizer, 'name')).toBe('Ada Turner');
    expect(valueOf(organizer, 'url')).toBe(`${ORIGIN}/${cast.host.username}`);
  });

  it('describes a question as a QAPage with its accepted answer, and never breaks out of the script', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const body = '</script><script>alert(1)</script> & <!-- why?';
    const question = await ask(app, cast.subscriber, cast.groupId, body);
    expect((await call(app, cast.member, 'PUT', `/api/likes/question/${question.id}`)).statusCode).toBeLessThan(300);
    const answered = await call(app, cast.host, 'PUT', `/api/questions/${question.id}/answer`, {
      body: 'Never **trust** input </script>',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const url = `/group/${slug}/question/${question.id}`;
    const { html } = await page(url);
    // the question's text is in the JSON as \u003c escapes, never as markup
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength((html.match(/<\/script>/g) ?? []).length);
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');

    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(1);
    const qaPage = await expandOne(blocks[0] ?? {});
    expect(qaPage['@type']).toEqual([S('QAPage')]);
    const entity = valueOf(qaPage, 'mainEntity') as Expanded;
    expect(entity['@type']).toEqual([S('Question')]);
    expect(valueOf(entity, 'name')).toBe(body);
    expect(valueOf(entity, 'text')).toBe(body);
    expect(valueOf(entity, 'answerCount')).toBe(1);
    expect(valueOf(entity, 'upvoteCount')).toBe(question.likeCount + 1);
    expect(valueOf(entity, 'dateCreated')).toBe(question.createdAt);
    const author = valueOf(entity, 'author') as Expanded;
    expect(valueOf(author, 'url')).toBe(`${ORIGIN}/${cast.subscriber.username}`);
    const answer = valueOf(entity, 'acceptedAnswer') as Expanded;
    expect(answer['@type']).toEqual([S('Answer')]);
    expect(valueOf(answer, 'text')).toBe('Never trust input </script>');
    expect(valueOf(answer, 'url')).toBe(`${ORIGIN}${url}`);
    expect(typeof valueOf(answer, 'dateCreated')).toBe('string');
    expect(valueOf(answer, 'upvoteCount')).toBe(0);
    const answerer = valueOf(answer, 'author') as Expanded;
    expect(valueOf(answerer, 'url')).toBe(`${ORIGIN}/${cast.host.username}`);
  });

  it('names an anonymous asker "Anonymous" in the QAPage, and an unanswered question has no answer', async () => {
    const cast = await buildAmaCast(app);
    expect(
      (await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { anonymousQuestions: true })).statusCode,
    ).toBe(200);
    const asked = await call(app, cast.subscriber, 'POST', `/api/groups/${cast.groupId}/questions`, {
      body: 'Who pays for the wood?',
      anonymous: true,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = (asked.json() as { question: { id: string } }).question.id;
    const { html } = await page(`/group/${await slugOf(cast.groupId)}/question/${id}`);
    expect(html.toLowerCase()).not.toContain(cast.subscriber.username);
    const entity = valueOf(await expandOne(jsonLdOf(html)[0] ?? {}), 'mainEntity') as Expanded;
    const author = valueOf(entity, 'author') as Expanded;
    expect(valueOf(author, 'name')).toBe('Anonymous');
    expect(author[S('url')]).toBeUndefined();
    expect(valueOf(entity, 'answerCount')).toBe(0);
    expect(entity[S('acceptedAnswer')]).toBeUndefined();
  });
});

describe('real 404s with noindex under /group/ and /event/', () => {
  it('answers every unknown sub-page with the 404 page, and keeps known ones', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const slug = await slugOf(cast.groupId);
    const session = await schedule(app, cast.host, cast.groupId);
    const post = await createPost(app, cast.member, cast.groupId, { body: 'Here' });
    const missing = crypto.randomUUID();
    for (const url of [
      `/group/${slug}/no-such-tab`,
      `/group/${slug}/no-such-tab/`,
      `/group/${slug}/question`,
      `/group/${slug}/question/not-a-uuid`,
      `/group/${slug}/question/${missing}`,
      `/group/${slug}/question/${missing}/`,
      `/group/${slug}/post/not-a-uuid`,
      `/group/${slug}/post/${missing}`,
      `/group/${slug}/post/${post.id}/junk`,
      `/group/${slug}/ledger/junk`,
      `/group/${slug}/%00`,
      `/group/no-such-group-${missing}/`,
      `/group/no-such-group-${missing}/ledger`,
      `/group/no-such-group-${missing}/edit`,
      `/group/no-such-group-${missing}/question/${missing}`,
      '/group/%00',
      '/event/%00',
      '/event/x%00',
      `/event/${missing}/`,
      `/event/${session.id}/junk`,
      `/event/${session.id}/present/junk`,
      `/event/${missing}/ledger`,
      `/event/${missing}/analytics`,
      `/GROUP/no-such-group-${missing}`,
      `/Event/${missing}`,
    ]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html, url).toContain('<meta name="robots" content="noindex" />');
      expect(html, url).toContain('<div id="root">');
      expect(html, url).not.toContain('og:title');
    }
    for (const url of [
      `/group/${slug}`,
      `/group/${slug}/`,
      `/GROUP/${slug.toUpperCase()}`,
      `/group/${slug}/ledger`,
      `/group/${slug}/analytics`,
      `/group/${slug}/edit`,
      `/group/${slug}/post/${post.id}`,
      `/event/${session.id}`,
      `/event/${session.id}/`,
      `/event/${session.id}/present`,
      `/event/${session.id}/ledger`,
      '/groups',
      '/events',
    ]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).not.toContain('noindex');
    }
  });

  it('opens a question not everyone may see as the app with noindex, and names nothing of it', async () => {
    const cast = await buildAmaCast(app, { questionsNeedApproval: true });
    const slug = await slugOf(cast.groupId);
    const pending = await ask(app, cast.subscriber, cast.groupId, 'Secret pending words');
    expect(pending.status).toBe('pending');
    const { status, html } = await page(`/group/${slug}/question/${pending.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('Secret pending words');
    expect(html).not.toContain('application/ld+json');
    // another group's slug does not reveal that it exists
    const other = await buildAmaCast(app);
    expect((await page(`/group/${await slugOf(other.groupId)}/question/${pending.id}`)).status).toBe(404);
  });
});

describe('discovery links of feeds and oEmbed', () => {
  it('names the Atom feeds in the group head and oEmbed in question and session heads, and each answers', async () => {
    const cast = await buildAmaCast(app);
    const slug = await slugOf(cast.groupId);
    const question = await ask(app, cast.subscriber, cast.groupId, 'A question for oEmbed');
    const session = await schedule(app, cast.host, cast.groupId);
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="([^"]+)" href="([^"]+)" title="([^"]*)" \/>/g)].map((match) => ({
        type: match[1],
        href: (match[2] ?? '').replaceAll('&amp;', '&'),
      }));

    const groupLinks = alternates((await page(`/group/${slug}`)).html);
    expect(groupLinks).toEqual([
      { type: 'application/atom+xml', href: `${ORIGIN}/group/${slug}/posts.atom` },
      { type: 'application/atom+xml', href: `${ORIGIN}/group/${slug}/answers.atom` },
    ]);
    const questionUrl = `${ORIGIN}/group/${slug}/question/${question.id}`;
    const sessionUrl = `${ORIGIN}/event/${session.id}`;
    const questionLinks = alternates((await page(`/group/${slug}/question/${question.id}`)).html);
    const sessionLinks = alternates((await page(`/event/${session.id}`)).html);
    expect(questionLinks).toEqual([
      {
        type: 'application/json+oembed',
        href: `${ORIGIN}/api/oembed?url=${encodeURIComponent(questionUrl)}&format=json`,
      },
    ]);
    expect(sessionLinks).toEqual([
      {
        type: 'application/json+oembed',
        href: `${ORIGIN}/api/oembed?url=${encodeURIComponent(sessionUrl)}&format=json`,
      },
    ]);
    for (const link of [...groupLinks, ...questionLinks, ...sessionLinks]) {
      const response = await app.inject({ url: link.href.slice(ORIGIN.length) });
      expect(response.statusCode, link.href).toBe(200);
      expect(response.headers['content-type'], link.href).toContain(
        link.type === 'application/atom+xml' ? 'application/atom+xml' : 'application/json',
      );
    }
  });
});
