/**
 * The small formatting subset of posts, comments, questions and answers: paragraphs
 * and line breaks, **bold**, *italics* or _italics_, `-`/`*` bullet lists, `1.` numbered lists,
 * [links](https://…) and bare https:// URLs. Texts are stored as typed; this turns them into a
 * tree the client renders as React elements, so no markup in a text ever reaches the DOM as
 * markup. Only http(s) and mailto links become links: anything else stays plain text.
 */

/** A run of text inside a paragraph or list item. */
export type RichInline =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'bold'; children: RichInline[] }
  | { type: 'italic'; children: RichInline[] }
  | { type: 'link'; href: string; children: RichInline[] };

/** A paragraph or a list. */
export type RichBlock =
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'list'; isOrdered: boolean; start: number; items: RichInline[][] };

const SAFE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link target to render for `raw`, or null when it must stay text: only absolute http(s)
 * and mailto URLs. The URL parser lowercases the scheme and drops tabs and newlines, so
 * `JaVaScRiPt:` or `java\tscript:` are seen for what they are.
 */
export function safeLinkHref(raw: string): string | null {
  const candidate = raw.trim();
  // A space or control character has no place in a link someone typed.
  // eslint-disable-next-line no-control-regex
  if (candidate === '' || /[\s\u0000-\u001f\u007f]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
  return url.href;
}

const BULLET = /^\s{0,3}[-*]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

/** Parses `source` into blocks: blank lines separate paragraphs; list lines group into lists. */
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: { isOrdered: boolean; start: number; items: string[] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseLines(paragraph) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      blocks.push({
        type: 'list',
        isOrdered: list.isOrdered,
        start: list.start,
        items: list.items.map((item) => parseInline(item)),
      });
    }
    list = null;
  };

  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const numbered = NUMBERED.exec(line);
    const bullet = numbered ? null : BULLET.exec(line);
    if (numbered || bullet) {
      const isOrdered = numbered !== null;
      flushParagraph();
      if (list && list.isOrdered !== isOrdered) flushList();
      list ??= { isOrdered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push(numbered ? (numbered[2] ?? '') : (bullet?.[1] ?? ''));
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}

function parseLines(lines: string[]): RichInline[] {
  const children: RichInline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) children.push({ type: 'break' });
    children.push(...parseInline(line));
  });
  return children;
}

const BARE_URL = /^https?:\/\/[^\s<>"]+/i;
const TRAILING_PUNCTUATION = /[.,;:!?'"*_]+$/;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Parses one line (or list item) into inline nodes. */
export function parseInline(text: string, { allowLinks = true } = {}): RichInline[] {
  const nodes: RichInline[] = [];
  let plain = '';
  const pushText = (value: string) => {
    plain += value;
  };
  const flush = () => {
    if (plain !== '') nodes.push({ type: 'text', text: plain });
    plain = '';
  };
  const push = (node: RichInline) => {
    flush();
    nodes.push(node);
  };

  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    const previous = text[index - 1] ?? '';

    // A backslash keeps the next marker literal: \*not italic\*.
    if (char === '\\' && /[*_[\]\\]/.test(text[index + 1] ?? '')) {
      pushText(text[index + 1] ?? '');
      index += 2;
      continue;
    }

    if (allowLinks && char === '[') {
      const link = readLink(text, index);
      if (link) {
        const href = safeLinkHref(link.target);
        if (href) {
          push({ type: 'link', href, children: parseInline(link.label, { allowLinks: false }) });
        } else {
          // javascript:, data: and the like: the whole thing is shown as typed.
          pushText(text.slice(index, link.end));
        }
        index = link.end;
        continue;
      }
    }

    if (allowLinks && (char === 'h' || char === 'H') && !WORD_CHARACTER.test(previous)) {
      const match = BARE_URL.exec(text.slice(index));
      if (match) {
        const url = trimUrl(match[0]);
        const href = safeLinkHref(url);
        if (href) {
          push({ type: 'link', href, children: [{ type: 'text', text: url }] });
          index += url.length;
          continue;
        }
      }
    }

    if (char === '*' && text[index + 1] === '*') {
      const close = findCloser(text, '**', index + 2);
      if (close !== -1) {
        push({ type: 'bold', children: parseInline(text.slice(index + 2, close), { allowLinks }) });
        index = close + 2;
        continue;
      }
      pushText('**');
      index += 2;
      continue;
    }

    // _ only opens at a word's start, so snake_case_names stay as they are.
    if ((char === '*' || (char === '_' && !WORD_CHARACTER.test(previous))) && text[index + 1] !== char) {
      const close = findCloser(text, char, index + 1);
      if (close !== -1) {
        push({ type: 'italic', children: parseInline(text.slice(index + 1, close), { allowLinks }) });
        index = close + 1;
        continue;
      }
    }

    pushText(char);
    index += 1;
  }
  flush();
  return nodes;
}

/**
 * Where the emphasis opened before `from` closes, or -1. The content may not start or end with a
 * space (`a * b * c` is arithmetic, not italics); a closing `_` may not be followed by a letter.
 */
function findCloser(text: string, marker: string, from: number): number {
  const first = text[from] ?? '';
  if (first === '' || /\s/.test(first)) return -1;
  let position = text.indexOf(marker, from + 1);
  while (position !== -1) {
    // In `***` the inner italics close first: the bold takes the last two stars.
    while (marker === '**' && text[position + 2] === '*') position += 1;
    const before = text[position - 1] ?? '';
    const after = text[position + marker.length] ?? '';
    const isDoubled = marker.length === 1 && after === marker;
    const isWordAfter = marker === '_' && WORD_CHARACTER.test(after);
    if (!/\s/.test(before) && before !== '\\' && !isDoubled && !isWordAfter) return position;
    position = text.indexOf(marker, position + (isDoubled ? 2 : 1));
  }
  return -1;
}

/** `[label](target)` starting at `start`: the parts and where it ends, or null. */
function readLink(text: string, start: number): { label: string; target: string; end: number } | null {
  const labelEnd = text.indexOf('](', start + 1);
  if (labelEnd === -1) return null;
  const label = text.slice(start + 1, labelEnd);
  if (label === '' || label.includes('[') || label.includes(']')) return null;
  // Targets may hold balanced parentheses (Wikipedia's URLs do).
  let depth = 0;
  for (let index = labelEnd + 2; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')') {
      if (depth === 0) return { label, target: text.slice(labelEnd + 2, index), end: index + 1 };
      depth -= 1;
    }
  }
  return null;
}

/** A bare URL without the punctuation that ends the sentence around it, or a `)` it did not open. */
function trimUrl(url: string): string {
  let trimmed = url.replace(TRAILING_PUNCTUATION, '');
  while (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) {
    trimmed = trimmed.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return trimmed;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function inlineText(nodes: RichInline[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'break') return ' ';
      return inlineText(node.children);
    })
    .join('');
}

/**
 * The words of a formatted text without its markers, blocks joined by spaces: for previews
 * of links, search excerpts and e-mails. `**Hello** [there](https://x.test)` → 'Hello there'.
 */
export function richTextToPlain(source: string): string {
  return parseRichText(source)
    .map((block) =>
      block.type === 'paragraph' ? inlineText(block.children) : block.items.map((item) => inlineText(item)).join(' '),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
