/** Building the <head> tags of pages the server answers with the client's index.html. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** One line, at most `max` characters: a quote or a post becomes a description. */
export function oneLine(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** An absolute http(s) URL of a stored image URL (ours are relative), or null. */
export function absoluteImageUrl(url: string, publicUrl: string): string | null {
  if (url === '') return null;
  try {
    const absolute = new URL(url, `${publicUrl}/`);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute.href : null;
  } catch {
    return null;
  }
}

/** What a shared link shows in chat apps and search results. */
export type PageHead = {
  /** The document title (Townhall's name is added). */
  title: string;
  /** og:title and twitter:title; the title when absent. */
  shareTitle?: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute image URL, or null. */
  image: string | null;
  imageAlt?: string;
  /** og:type: 'website', 'profile', 'article'. */
  type: string;
  /** A wide picture (a post's photo) gets the large card. */
  isLargeImage?: boolean;
  /** More Open Graph properties, such as profile:username or article:published_time. */
  extra?: Record<string, string>;
};

/** The <head> tags of a page: title, description, canonical link, Open Graph and Twitter card. */
export function buildHead(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const shareTitle = head.shareTitle ?? head.title;
  return [
    `<title>${escapeHtml(`${head.title} · Townhall`)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Townhall'),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...Object.entries(head.extra ?? {}).map(([key, value]) => meta('property', key, value)),
    ...(head.image
      ? [meta('property', 'og:image', head.image), meta('property', 'og:image:alt', head.imageAlt ?? shareTitle)]
      : []),
    meta('name', 'twitter:card', head.image && head.isLargeImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
  ].join('\n    ');
}

/**
 * Puts `head` into the client's index.html: its own <title> and description give way, the
 * rest (scripts, styles, theme) stays.
 */
export function injectHead(html: string, head: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return stripped.replace(/<\/head>/i, `  ${head}\n  </head>`);
}
