import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/schemas/sessions.ts';
import { escapeMarkdownText, plainTextMarkdown, richTextMarkdown, transcriptMarkdown } from './transcript.ts';

/** The most permissive common viewer: raw HTML on, bare URLs linked. */
const viewer = new MarkdownIt({ html: true, linkify: true });
const render = (markdown: string) => viewer.render(markdown);
/** What the transcript's own Markdown makes. */
const MARKDOWN_TAGS = new Set(['h1', 'h2', 'h3', 'p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'blockquote', 'br']);
/** The inline text of rendered HTML, as a person would read it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

/** What a person types, and what a reader of the rendered transcript sees (as the app shows it). */
const ATTACKS: [typed: string, shown: string][] = [
  ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ['[x](javascript:alert(1))', '[x](javascript:alert(1))'],
  ['<a href="javascript:alert(1)">click</a>', '<a href="javascript:alert(1)">click</a>'],
  ['&lt;script&gt;', '&lt;script&gt;'],
  ['<!-- hidden -->', '<!-- hidden -->'],
  ['`code` ~~gone~~ | a | b |', '`code` ~~gone~~ | a | b |'],
  // An https link stays a link, as in the app; never an image, and the brackets stay text.
  ['![x](https://tracker.example/pixel.gif)', '!x'],
  ['<https://evil.example>', '<https://evil.example>'],
];

function transcriptWith(
  body: string,
  answer: string | null,
  overrides: Partial<Transcript['session']> = {},
): Transcript {
  return {
    session: {
      id: 's1',
      groupId: 'g1',
      group: { id: 'g1', slug: 'g', name: 'The <b>group</b>', groupImage: '' },
      host: { id: 'u1', username: 'host_name', name: 'Host', profileImageUrl: '' },
      title: 'AMA <script>alert(1)</script>',
      description: '<img src=x onerror=alert(2)>\n# not a heading\n\n- not a list',
      startsAt: '2026-01-01T10:00:00.000Z',
      durationMinutes: 60,
      endsAt: '2026-01-01T11:00:00.000Z',
      status: 'ended',
      startedAt: '2026-01-01T10:00:00.000Z',
      endedAt: '2026-01-01T11:00:00.000Z',
      questionCount: 1,
      createdAt: '2026-01-01T09:00:00.000Z',
      ...overrides,
    } as Transcript['session'],
    questions: [
      {
        id: 'q1',
        body,
        author: { username: 'asker_one', name: '<b>Eve</b> [me](javascript:x)' },
        votes: 3,
        askedAt: '2026-01-01T10:05:00.000Z',
        status: 'answered',
        answer: answer === null ? null : { body: answer, answeredAt: '2026-01-01T10:10:00.000Z' },
      },
    ] as Transcript['questions'],
  };
}

describe('the Markdown transcript', () => {
  it.each(ATTACKS)(
    'shows %s as typed, in a question and in an answer: no tag, image or unsafe link',
    (typed, shown) => {
      const markdown = transcriptMarkdown(transcriptWith(`Why ${typed}?`, `Because ${typed}.`), 'https://t.example');
      const html = render(markdown);
      // The only tags are the ones Markdown itself makes; nothing typed became an element.
      const tags = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((match) => match[1]));
      expect([...tags].filter((tag) => !MARKDOWN_TAGS.has(tag ?? ''))).toEqual([]);
      // Links go to https only (the session's own, or one the app itself shows as a link).
      for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
      expect(textOf(html)).toContain(`Why ${shown}?`);
      expect(textOf(html)).toContain(`Because ${shown}.`);
    },
  );

  it('escapes the title, group, description and names too', () => {
    const html = render(transcriptMarkdown(transcriptWith('Hi?', null), 'https://t.example'));
    expect(html).toContain('<h1>AMA &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('<strong>The &lt;b&gt;group&lt;/b&gt;</strong>');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;<br>\n# not a heading</p>');
    expect(html).toContain('<p>- not a list</p>');
    expect(html).toContain('Asked by &lt;b&gt;Eve&lt;/b&gt; [me](javascript:x) (@asker_one)');
  });

  it('keeps the formatting the app shows: bold, italics, lists, line breaks and safe links', () => {
    const answer =
      'See **this** and *that*:\nsecond line\n\n1. one [docs](https://example.com/a_(b)) x\n2. two\n\n- a\n- b';
    const html = render(richTextMarkdown(answer));
    expect(html).toBe(
      '<p>See <strong>this</strong> and <em>that</em>:<br>\nsecond line</p>\n' +
        '<ol>\n<li>one <a href="https://example.com/a_(b)">docs</a> x</li>\n<li>two</li>\n</ol>\n' +
        '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n',
    );
  });

  it('turns nothing at a line start into a block', () => {
    for (const line of [
      '# heading',
      '> quote',
      '- item',
      '+ item',
      '1. item',
      '2) item',
      '===',
      '---',
      '***',
      '    code',
      '```',
    ]) {
      const html = render(plainTextMarkdown(`before\n${line}`));
      expect(html, line).toMatch(/^<p>[^<]*<br>\n[^<]*<\/p>\n$/);
      expect(textOf(html), line).toBe(`before\n${line.trimStart()}`);
    }
  });

  it('escapes every character Markdown or HTML acts on inside a line', () => {
    const typed = 'a & b < c > d \\ e ` f * g _ h [ i ] j ~ k | l';
    expect(textOf(render(escapeMarkdownText(typed)))).toBe(typed);
  });
});
