import { parseRichText, safeLinkHref, type RichInline } from '#shared/lib/rich-text.ts';
import { escapeHtml } from '../../lib/html-head.ts';

/**
 * Characters XML 1.0 does not allow (most control characters, lone surrogates, U+FFFE/U+FFFF):
 * a feed reader refuses a whole feed for one of them, so they are dropped from every text.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters XML cannot hold. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

function inlineHtml(nodes: RichInline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeHtml(node.text);
        case 'break':
          return '<br />';
        case 'bold':
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case 'italic':
          return `<em>${inlineHtml(node.children)}</em>`;
        case 'link': {
          // the parser only makes links of http(s) and mailto targets; checked again all the same
          const href = safeLinkHref(node.href);
          const label = inlineHtml(node.children);
          return href ? `<a href="${escapeHtml(href)}">${label}</a>` : label;
        }
      }
    })
    .join('');
}

/**
 * A post's, question's or answer's formatted text (shared/lib/rich-text.ts) as HTML for a feed
 * reader: paragraphs, lists, bold, italics and http(s) links, everything else escaped as text,
 * as the app itself shows it. No `]]>` or `<` of the text survives, so the HTML is safe in CDATA.
 */
export function richTextToHtml(source: string): string {
  return xmlSafe(
    parseRichText(source)
      .map((block) => {
        if (block.type === 'paragraph') return `<p>${inlineHtml(block.children)}</p>`;
        const items = block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('');
        if (!block.isOrdered) return `<ul>${items}</ul>`;
        return block.start === 1 ? `<ol>${items}</ol>` : `<ol start="${block.start}">${items}</ol>`;
      })
      .join('\n'),
  );
}
