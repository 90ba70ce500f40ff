import MarkdownIt from 'markdown-it';
import type { PageHeading } from '#shared/schemas/site.ts';

/** A Markdown text rendered for the client. */
export interface RenderedMarkdown {
  html: string;
  /** The h2 and h3 headings, in order, with the ids they carry in `html`. */
  headings: PageHeading[];
}

/** `Deleting your data` → `deleting-your-data`: the heading's anchor. */
export function headingId(text: string): string {
  const id = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'section';
}

const EXTERNAL_LINK = /^https?:\/\//i;

// Raw HTML is off: `<script>` in a content file is shown as text, never run. Links go
// through markdown-it's own check, which drops javascript:, vbscript: and data: (except images).
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// The page's title is its only h1, so a `#` heading in a file becomes an h2.
markdown.core.ruler.push('townhall_headings', (state) => {
  const env = state.env as { headings?: PageHeading[]; ids?: Set<string> };
  const headings: PageHeading[] = (env.headings ??= []);
  const ids = (env.ids ??= new Set<string>());
  const tokens = state.tokens;
  for (let index = 0; index < tokens.length; index += 1) {
    const open = tokens[index];
    if (open?.type !== 'heading_open') continue;
    const inline = tokens[index + 1];
    const close = tokens.slice(index).find((token) => token.type === 'heading_close');
    if (open.tag === 'h1') {
      open.tag = 'h2';
      if (close) close.tag = 'h2';
    }
    const text = (inline?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    // Two headings with the same text get -2, -3… so every anchor stays unique on the page.
    const base = headingId(text);
    let id = base;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${String(n)}`;
    ids.add(id);
    open.attrSet('id', id);
    const level = Number(open.tag.slice(1));
    if (level === 2 || level === 3) headings.push({ id, text, level });
  }
});

// Links to other sites open in a new tab without handing it our window (rel=noopener);
// links within Townhall stay plain, and the client routes them without a reload.
const renderLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && EXTERNAL_LINK.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderLinkOpen(tokens, idx, options, env, self);
};

/** Renders a content file's Markdown to HTML (raw HTML disabled) with anchored headings. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const env: { headings?: PageHeading[] } = {};
  const html = markdown.render(source, env);
  return { html, headings: env.headings ?? [] };
}
