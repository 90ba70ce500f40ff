import { PAGE_NOT_FOUND_TITLE } from '#shared/constants/profile-messages.ts';
import { isReservedWord } from '#shared/constants/reserved-words.ts';
import { isHandleShaped } from '#shared/lib/username-rules.ts';
import type { Queryable } from '../../db/client.ts';
import { findPersonById, findPersonByUsername } from './find-profile.ts';
import type { PublicUserRow } from './presenter.ts';

/** First-level pages of the client that the reserved words do not name. */
const APP_PAGES: ReadonlySet<string> = new Set(['forgot-password', 'reset-password']);

/** How the server answers a page path that may be a profile link. */
export type ProfilePageAnswer =
  | { kind: 'spa' }
  | { kind: 'profile'; head: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; head: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** One line, at most `max` characters: a quote becomes a description. */
function oneLine(value: string, max: number): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** An absolute http(s) URL of a stored image URL (ours are relative), or null. */
function absoluteImageUrl(url: string, publicUrl: string): string | null {
  if (url === '') return null;
  try {
    const absolute = new URL(url, `${publicUrl}/`);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute.href : null;
  } catch {
    return null;
  }
}

/** The <head> tags of a profile page: title, description, canonical link, Open Graph and Twitter card. */
export function profileHead(person: PublicUserRow, publicUrl: string): string {
  const displayName = person.name.trim() || person.username;
  const title = `${displayName} (@${person.username}) · Townhall`;
  const description = person.quote.trim()
    ? oneLine(person.quote, 300)
    : `${displayName} (@${person.username}) on Townhall.`;
  const url = `${publicUrl}/${encodeURIComponent(person.username)}`;
  const image = absoluteImageUrl(person.profileImageUrl, publicUrl);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'Townhall'),
    meta('property', 'og:title', `${displayName} (@${person.username})`),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'profile:username', person.username),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', displayName)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', `${displayName} (@${person.username})`),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n    ');
}

/** The <head> tags of the page of a handle nobody has. */
export const NOT_FOUND_HEAD = `<title>${PAGE_NOT_FOUND_TITLE} · Townhall</title>\n    <meta name="robots" content="noindex" />`;

/**
 * Puts `head` into the client's index.html: its own <title> and description give way, the
 * rest (scripts, styles, theme) stays.
 */
export function injectHead(html: string, head: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return stripped.replace(/<\/head>/i, `  ${head}\n  </head>`);
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * What a page path means for profiles: `/{handle}` is a person (current username: their
 * page with its meta tags; former username: a permanent redirect to the current one; nobody:
 * a 404 page), `/user/{id}` redirects to the handle. Reserved words and the client's other
 * pages are left to the client.
 */
export async function resolveProfilePage(options: {
  db: Queryable;
  url: string;
  publicUrl: string;
}): Promise<ProfilePageAnswer> {
  const queryStart = options.url.indexOf('?');
  const pathname = queryStart === -1 ? options.url : options.url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : options.url.slice(queryStart);
  const segments = pathname.split('/').slice(1);
  const notFound = { kind: 'not-found', head: NOT_FOUND_HEAD } as const;

  if (segments.length === 2 && segments[0] === 'user' && segments[1]) {
    const id = decodeSegment(segments[1]);
    const row = id && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? await findPersonById(options.db, id) : null;
    return row ? { kind: 'redirect', location: `/${encodeURIComponent(row.username)}${query}` } : notFound;
  }
  if (segments.length !== 1 || !segments[0]) return { kind: 'spa' };
  const handle = decodeSegment(segments[0]);
  if (handle === null) return notFound;
  if (isReservedWord(handle) || APP_PAGES.has(handle.toLowerCase())) return { kind: 'spa' };
  if (!isHandleShaped(handle)) return notFound;
  const found = await findPersonByUsername(options.db, handle);
  if (!found) return notFound;
  if (found.isFormerUsername) {
    return { kind: 'redirect', location: `/${encodeURIComponent(found.row.username)}${query}` };
  }
  return { kind: 'profile', head: profileHead(found.row, options.publicUrl) };
}
