import { describe, expect, it } from 'vitest';

import {
  parseInline,
  parseRichText,
  richTextToPlain,
  safeLinkHref,
  type RichBlock,
  type RichInline,
} from './rich-text.ts';

const text = (value: string): RichInline => ({ type: 'text', text: value });

/** Every link target anywhere in the tree. */
function hrefsOf(blocks: RichBlock[]): string[] {
  const hrefs: string[] = [];
  const visit = (nodes: RichInline[]) => {
    for (const node of nodes) {
      if (node.type === 'link') hrefs.push(node.href);
      if ('children' in node) visit(node.children);
    }
  };
  for (const block of blocks) {
    if (block.type === 'paragraph') visit(block.children);
    else block.items.forEach(visit);
  }
  return hrefs;
}

describe('parseRichText', () => {
  it('splits paragraphs on blank lines and keeps single line breaks', () => {
    expect(parseRichText('one\ntwo\r\n\r\nthree')).toEqual([
      { type: 'paragraph', children: [text('one'), { type: 'break' }, text('two')] },
      { type: 'paragraph', children: [text('three')] },
    ]);
  });

  it('reads bold and both kinds of italics, nested', () => {
    expect(parseInline('a **bold *and italic*** b _it_')).toEqual([
      text('a '),
      { type: 'bold', children: [text('bold '), { type: 'italic', children: [text('and italic')] }] },
      text(' b '),
      { type: 'italic', children: [text('it')] },
    ]);
  });

  it('leaves lone markers, arithmetic and snake_case as text', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(parseInline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(parseInline('**open')).toEqual([text('**open')]);
    expect(parseInline('\\*literal\\*')).toEqual([text('*literal*')]);
  });

  it('groups bullet and numbered lines into lists', () => {
    expect(parseRichText('Intro\n- one\n* **two**\n\n3. three\n4. four')).toEqual([
      { type: 'paragraph', children: [text('Intro')] },
      {
        type: 'list',
        isOrdered: false,
        start: 1,
        items: [[text('one')], [{ type: 'bold', children: [text('two')] }]],
      },
      { type: 'list', isOrdered: true, start: 3, items: [[text('three')], [text('four')]] },
    ]);
  });

  it('links [text](url) and bare URLs, without the punctuation after them', () => {
    expect(parseInline('See [the docs](https://example.com/a_(b)) or https://example.com/x?y=1.')).toEqual([
      text('See '),
      { type: 'link', href: 'https://example.com/a_(b)', children: [text('the docs')] },
      text(' or '),
      { type: 'link', href: 'https://example.com/x?y=1', children: [text('https://example.com/x?y=1')] },
      text('.'),
    ]);
    expect(hrefsOf(parseRichText('(see https://example.com/page)'))).toEqual(['https://example.com/page']);
    expect(hrefsOf(parseRichText('[mail](mailto:ada@example.com)'))).toEqual(['mailto:ada@example.com']);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox(1))',
    '[x](/relative/path)',
    '[x](//evil.example.com)',
  ])('keeps %j as plain text', (source) => {
    const blocks = parseRichText(source);
    expect(hrefsOf(blocks)).toEqual([]);
    expect(blocks).toEqual([{ type: 'paragraph', children: [text(source)] }]);
  });

  it('keeps HTML as text', () => {
    for (const source of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      expect(parseRichText(source)).toEqual([{ type: 'paragraph', children: [text(source)] }]);
    }
  });

  it('parses a long run of unmatched markers quickly', () => {
    const started = performance.now();
    parseRichText('**_*['.repeat(1250));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('safeLinkHref', () => {
  it('allows only http, https and mailto', () => {
    expect(safeLinkHref('https://example.com')).toBe('https://example.com/');
    expect(safeLinkHref('HTTP://example.com/a')).toBe('http://example.com/a');
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('ftp://example.com')).toBeNull();
    expect(safeLinkHref('https://exa mple.com')).toBeNull();
  });
});

describe('richTextToPlain', () => {
  it('drops the markers and keeps the words', () => {
    expect(richTextToPlain('**Hello** _dear_ [there](https://x.test)\n\n- one\n- two')).toBe(
      'Hello dear there one two',
    );
  });
  it('keeps markup-looking text as text', () => {
    expect(richTextToPlain('<script>alert(1)</script> \\*not italic\\*')).toBe(
      '<script>alert(1)</script> *not italic*',
    );
  });
  it('gives an empty string for blank input', () => {
    expect(richTextToPlain('  \n\n ')).toBe('');
  });
});
