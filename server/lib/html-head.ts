/** Building the <head> tags of pages the server answers with the client's index.html. */

import { DEFAULT_SHARE_IMAGE } from '#shared/constants/site-assets.ts';

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

/** A preview picture of known size, as chat apps want it (they lay the card out before fetching it). */
export type ShareImage = {
  /** Absolute http(s) URL. */
  url: string;
  width: number;
  height: number;
  /** Its media type, e.g. 'image/webp'. */
  type: string;
  alt?: string;
};

/** The site's own preview picture (`DEFAULT_SHARE_IMAGE`) at `origin`: pages with no picture show it. */
export function defaultShareImage(origin: string): ShareImage {
  return {
    url: `${origin}${DEFAULT_SHARE_IMAGE.path}`,
    width: DEFAULT_SHARE_IMAGE.width,
    height: DEFAULT_SHARE_IMAGE.height,
    type: 'image/png',
    alt: DEFAULT_SHARE_IMAGE.alt,
  };
}

const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/**
 * What an image URL alone tells of its size: an avatar's rendition `s{N}` is N × N (decision 010).
 * A width rendition keeps its picture's shape, so its height is the images table's to say.
 */
function shareImageOfUrl(url: string): MaybeSizedImage {
  const pathname = URL.canParse(url) ? new URL(url).pathname : url;
  const type = MEDIA_TYPES[pathname.slice(pathname.lastIndexOf('.') + 1).toLowerCase()] ?? '';
  const square = /\/s(\d{1,4})\.[a-z]+$/.exec(pathname);
  const size = square?.[1] ? Number(square[1]) : null;
  return { url, type, width: size, height: size };
}

/** A preview picture whose size may be unknown. */
type MaybeSizedImage = { url: string; type: string; width: number | null; height: number | null; alt?: string };

/** A picture as wide as a large card wants (Facebook's and X's large cards start at 600 px). */
const LARGE_CARD_WIDTH = 600;

/** A link to another form of the page: an Atom feed, an oEmbed endpoint. */
export type AlternateLink = { type: string; href: string; title: string };

/** What a shared link shows in chat apps and search results. */
export type PageHead = {
  /** The document title (Townhall's name is added). */
  title: string;
  /** The whole <title> when Townhall's name must not be added (the home page is "Townhall"). */
  documentTitle?: string;
  /** og:title and twitter:title; the title when absent. */
  shareTitle?: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /**
   * The preview picture: of known size, or an absolute URL (an avatar's `s{N}` gives its size),
   * or null for the site's own picture (`DEFAULT_SHARE_IMAGE`, 1200 × 630).
   */
  image: ShareImage | string | null;
  imageAlt?: string;
  /** og:type: 'website', 'profile', 'article'. */
  type: string;
  /** The large card, whatever the picture's size (a post's photo); else large from 600 px wide. */
  isLargeImage?: boolean;
  /** More Open Graph properties, such as profile:username or article:published_time. */
  extra?: Record<string, string>;
  /** schema.org data, written as JSON-LD (search engines read events and Q&A pages from it). */
  jsonLd?: object;
  /** `<link rel="alternate">`s: the page's feeds, its oEmbed endpoint. */
  alternates?: AlternateLink[];
  /** Keeps the page out of search engines (a question not everyone may see). */
  isNoindex?: boolean;
};

/**
 * A JSON-LD `<script>`'s text: JSON with `<`, `>` and `&` written as \u escapes, so no text in it
 * (`</script>`, `<!--`) can end the element or open a comment; U+2028 and U+2029 too.
 */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The <head> tags of a page: title, description, canonical link, Open Graph and Twitter card. */
export function buildHead(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const shareTitle = head.shareTitle ?? head.title;
  const image: MaybeSizedImage =
    head.image === null
      ? defaultShareImage(new URL(head.url).origin)
      : typeof head.image === 'string'
        ? shareImageOfUrl(head.image)
        : head.image;
  const alt = (head.image === null ? image.alt : (head.imageAlt ?? image.alt)) ?? shareTitle;
  const { width, height } = image;
  const isLarge = head.isLargeImage === true || (width !== null && width >= LARGE_CARD_WIDTH);
  return [
    `<title>${escapeHtml(head.documentTitle ?? `${head.title} · Townhall`)}</title>`,
    meta('name', 'description', head.description),
    ...(head.isNoindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    ...(head.alternates ?? []).map(
      (link) =>
        `<link rel="alternate" type="${escapeHtml(link.type)}" href="${escapeHtml(link.href)}" title="${escapeHtml(link.title)}" />`,
    ),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Townhall'),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...Object.entries(head.extra ?? {}).map(([key, value]) => meta('property', key, value)),
    meta('property', 'og:image', image.url),
    ...(image.url.startsWith('https:') ? [meta('property', 'og:image:secure_url', image.url)] : []),
    ...(image.type ? [meta('property', 'og:image:type', image.type)] : []),
    ...(width !== null && height !== null
      ? [meta('property', 'og:image:width', String(width)), meta('property', 'og:image:height', String(height))]
      : []),
    meta('property', 'og:image:alt', alt),
    meta('name', 'twitter:card', isLarge ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', alt),
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonLdText(head.jsonLd)}</script>`] : []),
  ].join('\n    ');
}

/**
 * Puts `head` into the client's index.html: its own <title> and description give way, the
 * rest (scripts, styles, theme) stays.
 */
export function injectHead(html: string, head: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, not a string: `$&` or `$'` in a name would otherwise be a replacement pattern.
  return stripped.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}

/**
 * What a shared page shows before its JavaScript runs (and what a reader without it, or a
 * search engine, finds): its title and main text, in the static shell's content area.
 * Everything is text except `html`.
 */
export type PageBody = {
  /** The page's heading. */
  title: string;
  /** One short line under the heading: who, when, which status. */
  byline?: string;
  /** The main text, plain; its line breaks are kept. */
  text?: string;
  /** A part of its own under the text, such as a question's answer. */
  section?: { title: string; text: string };
  /** Trusted HTML only: the site's pages rendered from the repository's Markdown (raw HTML disabled). */
  html?: string;
};

/** Typography for rendered Markdown: a plain cut of the client's (markdown-html.tsx). */
const PROSE = [
  'mt-6 leading-7 break-words [&_a]:text-link [&_a]:underline [&_a]:underline-offset-4',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-semibold',
  '[&_p]:my-4 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-1.5',
].join(' ');

/**
 * The markup of a page's body. Its classes are Tailwind's: client/styles/index.css has an
 * `@source` line for this file, so they are in the built stylesheet.
 */
export function buildBody(body: PageBody): string {
  const parts = [
    `<h1 class="text-3xl font-bold tracking-tight break-words sm:text-4xl">${escapeHtml(body.title)}</h1>`,
  ];
  if (body.byline) parts.push(`<p class="mt-2 text-sm text-muted-foreground">${escapeHtml(body.byline)}</p>`);
  if (body.text) parts.push(`<p class="mt-6 break-words whitespace-pre-line">${escapeHtml(body.text)}</p>`);
  if (body.section) {
    parts.push(
      `<section class="mt-8 border-t pt-6"><h2 class="text-lg font-semibold">${escapeHtml(body.section.title)}</h2>` +
        `<p class="mt-2 break-words whitespace-pre-line">${escapeHtml(body.section.text)}</p></section>`,
    );
  }
  if (body.html) parts.push(`<div class="${PROSE}">${body.html}</div>`);
  return `<article class="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">${parts.join('')}</article>`;
}

/** Where client/index.html's static shell takes a page's body (inside its <main>). */
export const BODY_MARKER = '<!-- page -->';

/** Puts a page's body into the static shell; the page stays as it is when the shell has no place for it. */
export function injectBody(html: string, body: string): string {
  const at = html.indexOf(BODY_MARKER);
  return at === -1 ? html : `${html.slice(0, at)}${body}${html.slice(at + BODY_MARKER.length)}`;
}

/** Adds tags (preloads) at the end of the <head>. */
export function appendToHead(html: string, tags: string): string {
  return tags ? html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`) : html;
}
