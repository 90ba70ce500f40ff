/**
 * How the built client (dist/client, from `npm run build`) goes out: encodings, caching,
 * revalidation, preloads and the static shell with a shared page's text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '#shared/lib/route-modules.ts';
import { answers, questions, users } from '../db/schema/index.ts';
import { ClientManifestSchema } from '../lib/client-manifest.ts';
import { buildTestApp } from '../test/app.ts';
import { buildQuestion, buildSession, createGroup, createPost, signUp, type TestPerson } from '../test/factories.ts';

const clientRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'client');
const manifest = ClientManifestSchema.parse(
  JSON.parse(fs.readFileSync(path.join(clientRoot, '.vite', 'manifest.json'), 'utf8')),
);
const assetOf = (key: string) => {
  const file = manifest[key]?.file;
  if (!file) throw new Error(`${key} is not in the manifest`);
  return `/${file}`;
};

const BROWSER = 'gzip, deflate, br, zstd';

/** The body of a response as the browser reads it (decompressed as its Content-Encoding says). */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((match) => match[1] ?? '');

/** What is inside the static shell's <main>. */
const mainOf = (html: string) => /<main id="main"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';

let app: FastifyInstance;
let host: TestPerson;
let group: { id: string; slug: string };
let sessionId: string;

beforeAll(async () => {
  app = await buildTestApp();
  host = await signUp(app, 'cd');
  group = await createGroup(app, host, {
    name: '<script>alert("name")</script> & friends',
    description: 'Ask about <b>bold</b> things.\nSecond line.',
  });
  sessionId = await buildSession(app, { groupId: group.id, hostId: host.id, title: 'Evening <AMA>', status: 'live' });
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('static files', () => {
  const bootJs = fs.readFileSync(path.join(clientRoot, 'boot.js'));

  it.each([
    ['br', BROWSER],
    ['gzip', 'gzip, deflate'],
    [undefined, 'identity'],
    [undefined, ''],
  ])('boot.js goes out as %s for Accept-Encoding "%s", revalidated on every load', async (encoding, accept) => {
    const response = await get('/boot.js', accept ? { 'accept-encoding': accept } : {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(decoded(response)).toBe(bootJs.toString('utf8'));
  });

  it('hashed assets are kept a year, brotli when accepted, with their own content type', async () => {
    const entry = manifest['index.html'];
    const script = await get(assetOf('index.html'), { 'accept-encoding': BROWSER });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(decoded(script)).toBe(fs.readFileSync(path.join(clientRoot, entry?.file ?? '')).toString('utf8'));

    const style = await get(`/${entry?.css?.[0] ?? ''}`, { 'accept-encoding': 'gzip' });
    expect(style.headers['content-encoding']).toBe('gzip');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file too small to have a compressed copy goes out as it is, still varying on Accept-Encoding', async () => {
    const small = Object.values(manifest).find(
      (chunk) => !fs.existsSync(path.join(clientRoot, `${chunk.file}.br`)) && chunk.file.endsWith('.js'),
    );
    if (!small) throw new Error('the build has no asset without a .br copy');
    const response = await get(`/${small.file}`, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(fs.readFileSync(path.join(clientRoot, small.file), 'utf8'));
  });

  it('the icon is an SVG image, revalidated', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': BROWSER });
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    for (const url of ['/boot.js', '/index.html', assetOf('index.html')]) {
      const first = await get(url, { 'accept-encoding': BROWSER });
      const again = await get(url, { 'accept-encoding': BROWSER, 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('index.html fetched by its name is revalidated on every load', async () => {
    const response = await get('/index.html', { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it.each(['/.vite/manifest.json', '/boot.js.br', `${assetOf('index.html')}.gz`])('%s is not served', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('pages', () => {
  it.each([
    ['br', BROWSER],
    ['gzip', 'gzip'],
    [undefined, 'identity;q=1, br;q=0, gzip;q=0'],
  ])('/ goes out as %s, with the static shell, revalidated by ETag', async (encoding, accept) => {
    const response = await get('/', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const html = decoded(response);
    expect(html).toContain('<header');
    expect(html).toContain('<span class="text-lg">Townhall</span>');
    expect(html).toContain('<noscript>');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/', { 'accept-encoding': accept, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.rawPayload.length).toBe(0);
  });

  it('a changed page (or another encoding of it) does not match an old ETag', async () => {
    const brotli = await get('/', { 'accept-encoding': 'br' });
    const gzipped = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': brotli.headers.etag as string });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers.etag).not.toBe(brotli.headers.etag);
    const other = await get('/groups', { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag as string });
    expect(other.statusCode).toBe(200);
  });

  it('HEAD of a page gives its headers without the page', async () => {
    const full = await get('/groups', { 'accept-encoding': BROWSER });
    const head = await app.inject({ method: 'HEAD', url: '/groups', headers: { 'accept-encoding': BROWSER } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('the JSON of the API is not compressed (a reverse proxy may do that)', async () => {
    const response = await get('/api/blog', { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it.each(['/some/unknown/page', '/nobody-has-this-handle-x9', '/group/no-such-group-x9'])(
    '%s is a 404 page, compressed and never kept',
    async (url) => {
      const response = await get(url, { 'accept-encoding': BROWSER, 'if-none-match': '*' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.etag).toBeUndefined();
      expect(decoded(response)).toContain('<meta name="robots" content="noindex" />');
    },
  );
});

describe('preloads', () => {
  /** Vite's own preloads in index.html, and the files the entry loads. */
  const entryPreloads = () => hrefs(fs.readFileSync(path.join(clientRoot, 'index.html'), 'utf8'), 'modulepreload');

  async function checkPreloads(url: string, modules: readonly string[]) {
    const html = decoded(await get(url, { 'accept-encoding': BROWSER }));
    const preloads = hrefs(html, 'modulepreload');
    // each preload once, Vite's included, and each a file that exists
    expect(new Set(preloads).size).toBe(preloads.length);
    for (const href of preloads) expect(fs.existsSync(path.join(clientRoot, href)), href).toBe(true);
    const ours = preloads.filter((href) => !entryPreloads().includes(href));
    // the page's own chunks, whatever they import beyond the entry
    for (const key of modules) expect(ours).toContain(assetOf(key));
    expect(ours).not.toContain(assetOf('index.html'));
    for (const href of hrefs(html, 'stylesheet')) expect(fs.existsSync(path.join(clientRoot, href)), href).toBe(true);
    return ours;
  }

  it.each([
    ['/', '/'],
    ['a group page', '/group/:slug'],
    ['a session page', '/event/:id'],
  ] as const)('%s preloads its own chunks and their imports', async (_name, route) => {
    const url = route === '/' ? '/' : route === '/group/:slug' ? `/group/${group.slug}` : `/event/${sessionId}`;
    const modules = ROUTE_MODULES[route] ?? [];
    expect(modules.length).toBeGreaterThan(0);
    const ours = await checkPreloads(url, modules);
    // the chunks the page's modules import that the entry does not load are there too
    for (const key of modules) {
      for (const imported of manifest[key]?.imports ?? []) {
        const href = assetOf(imported);
        expect(ours.includes(href) || entryPreloads().includes(href) || imported === 'index.html', href).toBe(true);
      }
    }
  });

  it('a page no route module names (a 404) has only the entry’s preloads', async () => {
    const html = decoded(await get('/some/unknown/page'));
    expect(hrefs(html, 'modulepreload')).toEqual(entryPreloads());
  });
});

describe('the static shell with a shared page’s text', () => {
  const pageText = async (url: string) => {
    const response = await get(url, { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    return mainOf(decoded(response));
  };

  it('a group page shows its name and description as text, never as markup', async () => {
    const main = await pageText(`/group/${group.slug}`);
    expect(main).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; friends');
    expect(main).toContain('Ask about &lt;b&gt;bold&lt;/b&gt; things.\nSecond line.');
    expect(main).not.toMatch(/<script|<b>/);
    expect(main).toMatch(/<h1[^>]*>/);
  });

  it('a question shows its text and, once answered, the answer', async () => {
    const questionId = await buildQuestion(app, {
      groupId: group.id,
      authorId: host.id,
      body: 'Why is the sky <blue>?',
    });
    const asked = await pageText(`/group/${group.slug}/question/${questionId}`);
    expect(asked).toContain('Why is the sky &lt;blue&gt;?');
    expect(asked).toContain('answer');

    await app.db
      .insert(answers)
      .values({ questionId, groupId: group.id, authorId: host.id, body: 'Because of **Rayleigh**.' });
    await app.db
      .update(questions)
      .set({ status: 'answered', answeredAt: new Date() })
      .where(eq(questions.id, questionId));
    const answered = await pageText(`/group/${group.slug}/question/${questionId}`);
    expect(answered).toContain('Why is the sky &lt;blue&gt;?');
    expect(answered).toContain('Because of Rayleigh.');
  });

  it('a post shows its text', async () => {
    const post = await createPost(app, host, group.id, { body: 'Hello *all* of you & <them>' });
    const main = await pageText(`/group/${group.slug}/post/${post.id}`);
    expect(main).toContain('Hello all of you &amp; &lt;them&gt;');
  });

  it('a session shows its title, time and status', async () => {
    const main = await pageText(`/event/${sessionId}`);
    expect(main).toContain('Evening &lt;AMA&gt;');
    expect(main).toContain('Live now');
    expect(main).toMatch(/UTC/);
  });

  it('a profile shows the name, @username and bio', async () => {
    await app.db.update(users).set({ name: 'Ada <L>', quote: 'I write & speak.' }).where(eq(users.id, host.id));
    const main = await pageText(`/${host.username}`);
    expect(main).toContain('Ada &lt;L&gt;');
    expect(main).toContain(`@${host.username}`);
    expect(main).toContain('I write &amp; speak.');
  });

  it('a blog post and a content page show their title and text', async () => {
    const blog = await pageText('/blog/introducing-townhall');
    expect(blog).toContain('Introducing Townhall');
    expect(blog).toContain('<p>');
    const about = await pageText('/about');
    expect(about).toContain('About Townhall');
    expect(about).toContain('<h2');
  });

  it('a page that is not shared has an empty content area', async () => {
    expect((await pageText('/groups')).trim()).toBe('<!-- page -->');
  });

  it('every class of the shell and of the server’s markup is in the built stylesheet', async () => {
    const css = fs.readFileSync(path.join(clientRoot, manifest['index.html']?.css?.[0] ?? ''), 'utf8');
    const pages = await Promise.all(
      [`/group/${group.slug}`, `/event/${sessionId}`, '/about'].map(async (url) => decoded(await get(url))),
    );
    const classes = new Set(
      pages.flatMap((html) =>
        [...mainOf(html).matchAll(/class="([^"]*)"/g), ...html.matchAll(/<(?:header|main|div)[^>]* class="([^"]*)"/g)]
          .flatMap((match) => (match[1] ?? '').split(/\s+/))
          .filter(Boolean),
      ),
    );
    expect(classes.size).toBeGreaterThan(20);
    // As Tailwind writes a class in a selector: special characters escaped with a backslash.
    const missing = [...classes].filter((name) => !css.includes(`.${name.replace(/[^\w-]/g, (c) => `\\${c}`)}`));
    expect(missing).toEqual([]);
  });
});
