import { describe, expect, it } from 'vitest';
import { appendToHead, BODY_MARKER, buildBody, buildHead, injectBody, injectHead, jsonLdText } from './html-head.ts';

const PAGE = `<html><head><title>Townhall</title>\n</head><body><main>${BODY_MARKER}</main></body></html>`;

describe('buildBody', () => {
  it('writes every part as text', () => {
    const body = buildBody({
      title: '<script>alert(1)</script>',
      byline: 'by "me" & you',
      text: 'one <b>\ntwo',
      section: { title: "<i>host</i>'s answer", text: '</section>' },
    });
    expect(body).not.toMatch(/<script|<b>|<i>|<\/section><\/section>/);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('by &quot;me&quot; &amp; you');
    expect(body).toContain('one &lt;b&gt;\ntwo');
    expect(body).toContain('&lt;i&gt;host&lt;/i&gt;&#39;s answer');
    expect(body).toMatch(/^<article[^>]*><h1[^>]*>/);
  });

  it('leaves out the parts a page has not, and keeps trusted HTML as it is', () => {
    const body = buildBody({ title: 'About', html: '<h2 id="x">What</h2>' });
    expect(body).not.toContain('<p');
    expect(body).not.toContain('<section');
    expect(body).toContain('<h2 id="x">What</h2>');
  });
});

describe('injecting into the page', () => {
  it('puts the body at the marker, once, even when the text looks like a replacement pattern', () => {
    const html = injectBody(PAGE, "<p>$& $' $1</p>");
    expect(html).toContain("<main><p>$& $' $1</p></main>");
    expect(html).not.toContain(BODY_MARKER);
  });

  it('leaves a page without the marker as it is', () => {
    expect(injectBody('<main></main>', '<p>x</p>')).toBe('<main></main>');
  });

  it('head tags with $ in them stay as they are (a group named "$’")', () => {
    const html = injectHead(PAGE, "<title>a$'b$&c · Townhall</title>");
    expect(html).toContain("<title>a$'b$&c · Townhall</title>");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).not.toContain('<title>Townhall</title>');
  });

  it('appends tags at the end of the head, or nothing', () => {
    expect(appendToHead(PAGE, '<link rel="modulepreload" href="/a$&.js" />')).toContain(
      '<link rel="modulepreload" href="/a$&.js" />\n  </head>',
    );
    expect(appendToHead(PAGE, '')).toBe(PAGE);
  });
});

describe('buildHead', () => {
  const base = { title: 'T', description: 'D', url: 'https://th.example/group/x', type: 'website' } as const;
  const content = (head: string, key: string) =>
    head.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];

  it('gives a page without a picture the site picture, 1200 × 630, and the large card', () => {
    const head = buildHead({ ...base, image: null });
    expect(content(head, 'og:image')).toBe('https://th.example/og-image.png');
    expect(content(head, 'og:image:secure_url')).toBe('https://th.example/og-image.png');
    expect(content(head, 'og:image:width')).toBe('1200');
    expect(content(head, 'og:image:height')).toBe('630');
    expect(content(head, 'og:image:type')).toBe('image/png');
    expect(content(head, 'og:image:alt')).toBe('Townhall');
    expect(content(head, 'twitter:card')).toBe('summary_large_image');
    expect(head).not.toContain('robots');
  });

  it('sizes an avatar rendition from its name, and leaves a width rendition without a guessed height', () => {
    const avatar = buildHead({ ...base, image: 'https://th.example/media/images/a/s96.webp', imageAlt: 'Ann' });
    expect([content(avatar, 'og:image:width'), content(avatar, 'og:image:height')]).toEqual(['96', '96']);
    expect(content(avatar, 'og:image:type')).toBe('image/webp');
    expect(content(avatar, 'twitter:card')).toBe('summary');
    const wide = buildHead({ ...base, image: 'https://th.example/media/images/a/w640.webp' });
    expect(content(wide, 'og:image:height')).toBeUndefined();
  });

  it('writes alternates, noindex and JSON-LD that no text can break out of', () => {
    const head = buildHead({
      ...base,
      image: { url: 'https://th.example/p.webp', width: 640, height: 480, type: 'image/webp' },
      alternates: [{ type: 'application/atom+xml', href: 'https://th.example/a?b=1&c="2"', title: '<Feed>' }],
      isNoindex: true,
      jsonLd: { name: '</script><script>alert(1)</script><!--', line: '\u2028' },
    });
    expect(head).toContain(
      '<link rel="alternate" type="application/atom+xml" href="https://th.example/a?b=1&amp;c=&quot;2&quot;" title="&lt;Feed&gt;" />',
    );
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const json = head.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(content(head, 'twitter:card')).toBe('summary_large_image');
  });

  it('escapes <, >, & and the JavaScript line separators in JSON-LD', () => {
    expect(jsonLdText({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });
});
