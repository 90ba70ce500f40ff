import { describe, expect, it } from 'vitest';
import { appendToHead, BODY_MARKER, buildBody, injectBody, injectHead } from './html-head.ts';

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
