import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteContent } from './content.ts';
import { parseFrontMatter } from './front-matter.ts';
import { headingId, renderMarkdown } from './markdown.ts';

describe('parseFrontMatter', () => {
  it('reads key: value lines, unquotes values and returns the body after the closing line', () => {
    const source = [
      '---',
      'title: "Ask: anything"',
      "author: 'Ada'",
      '# a comment',
      '',
      'date: 2026-10-01',
      '---',
      '## Hello',
      '',
      'Text: with a colon.',
    ].join('\n');
    expect(parseFrontMatter(source)).toEqual({
      data: { title: 'Ask: anything', author: 'Ada', date: '2026-10-01' },
      body: '## Hello\n\nText: with a colon.',
    });
  });

  it('accepts Windows line ends and a byte-order mark', () => {
    expect(parseFrontMatter('\uFEFF---\r\ntitle: Hi\r\n---\r\nBody')).toEqual({ data: { title: 'Hi' }, body: 'Body' });
  });

  it('treats a file without front matter as all body', () => {
    expect(parseFrontMatter('# Title\n\ntext')).toEqual({ data: {}, body: '# Title\n\ntext' });
  });

  it('refuses a missing closing line, a line that is not key: value, and a repeated key', () => {
    expect(() => parseFrontMatter('---\ntitle: Hi\n')).toThrow('no closing "---"');
    expect(() => parseFrontMatter('---\njust words\n---\n')).toThrow('line 2 is not "key: value"');
    expect(() => parseFrontMatter('---\ntitle: A\ntitle: B\n---\n')).toThrow('names "title" twice');
  });
});

describe('renderMarkdown', () => {
  it('shows raw HTML as text, so a <script> in a content file never runs', () => {
    const { html } = renderMarkdown('Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=');
  });

  it('drops javascript: links', () => {
    const { html } = renderMarkdown('[click](javascript:alert(1))');
    expect(html).not.toContain('href="javascript');
  });

  it('opens other sites in a new tab with rel=noopener and keeps our own links plain', () => {
    const { html } = renderMarkdown(
      '[Groups](/groups) and [PostgreSQL](https://www.postgresql.org) and https://example.com',
    );
    expect(html).toContain('<a href="/groups">Groups</a>');
    expect(html).toContain(
      '<a href="https://www.postgresql.org" target="_blank" rel="noopener noreferrer">PostgreSQL</a>',
    );
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a>',
    );
  });

  it('gives h2 and h3 unique ids, lists them, and turns an h1 into an h2 (the page title is the h1)', () => {
    const { html, headings } = renderMarkdown(
      '# Top\n\n## For hosts\n\n### Ask a `question`\n\n## For hosts\n\n#### Deep',
    );
    expect(html).toContain('<h2 id="top">Top</h2>');
    expect(html).toContain('<h2 id="for-hosts">For hosts</h2>');
    expect(html).toContain('<h2 id="for-hosts-2">For hosts</h2>');
    expect(html).toContain('<h3 id="ask-a-question">');
    expect(html).not.toContain('<h1');
    expect(headings).toEqual([
      { id: 'top', text: 'Top', level: 2 },
      { id: 'for-hosts', text: 'For hosts', level: 2 },
      { id: 'ask-a-question', text: 'Ask a question', level: 3 },
      { id: 'for-hosts-2', text: 'For hosts', level: 2 },
    ]);
  });

  it('makes anchors of any heading text', () => {
    expect(headingId('Turn on live Q&A (AMA)')).toBe('turn-on-live-q-a-ama');
    expect(headingId('Über café')).toBe('uber-cafe');
    expect(headingId('???')).toBe('section');
  });
});

describe('loadSiteContent', () => {
  it("loads the repository's blog and pages", async () => {
    const content = await loadSiteContent();
    expect(content.posts.length).toBeGreaterThanOrEqual(3);
    const dates = content.posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const name of ['about', 'support', 'privacy-policy', 'terms-of-service']) {
      expect(content.page(name)?.html).toMatch(/<h2 id=/);
    }
  });

  it('stops with the file named when a post has bad front matter', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-content-'));
    fs.mkdirSync(path.join(root, 'blog'));
    fs.writeFileSync(path.join(root, 'blog', 'broken.md'), '---\ntitle: A post\ndate: yesterday\n---\nText');
    await expect(loadSiteContent(root)).rejects.toThrow(/broken\.md: front matter "date"/);
  });
});
