import { PAGE_NOT_FOUND_TITLE } from '#shared/constants/profile-messages.ts';
import { isReservedWord } from '#shared/constants/reserved-words.ts';
import { isHandleShaped } from '#shared/lib/username-rules.ts';
import type { Queryable } from '../../db/client.ts';
import { absoluteImageUrl, buildBody, buildHead, oneLine } from '../../lib/html-head.ts';
import { findPersonById, findPersonByUsername } from './find-profile.ts';
import type { PublicUserRow } from './presenter.ts';

/** How the server answers a page path that may be a profile link. */
export type ProfilePageAnswer =
  | { kind: 'spa' }
  | { kind: 'profile'; head: string; body: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; head: string };

/** The <head> tags of a profile page: title, description, canonical link, Open Graph and Twitter card. */
export function profileHead(person: PublicUserRow, publicUrl: string): string {
  const displayName = person.name.trim() || person.username;
  const description = person.quote.trim()
    ? oneLine(person.quote, 300)
    : `${displayName} (@${person.username}) on Townhall.`;
  return buildHead({
    title: `${displayName} (@${person.username})`,
    description,
    url: `${publicUrl}/${encodeURIComponent(person.username)}`,
    image: absoluteImageUrl(person.profileImageUrl, publicUrl),
    imageAlt: displayName,
    type: 'profile',
    extra: { 'profile:username': person.username },
  });
}

/** What a profile page shows before the app runs: the person's name, @username and bio. */
export function profileBody(person: PublicUserRow): string {
  return buildBody({
    title: person.name.trim() || person.username,
    byline: `@${person.username}`,
    text: person.quote.trim(),
  });
}

/** The <head> tags of the page of a handle nobody has. */
export const NOT_FOUND_HEAD = `<title>${PAGE_NOT_FOUND_TITLE} · Townhall</title>\n    <meta name="robots" content="noindex" />`;

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
 * a 404 page), `/user/{id}` redirects to the handle, and `/{handle}/followers` and
 * `/{handle}/following` are the app's when the person exists (else a 404 page). Reserved words
 * and the client's other pages are left to the client.
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
  // `/{handle}/followers` and `/{handle}/following`: the app's lists of someone who exists
  const list = segments[1]?.toLowerCase();
  if (segments.length === 2 && segments[0] && (list === 'followers' || list === 'following')) {
    const handle = decodeSegment(segments[0]);
    if (handle === null || isReservedWord(handle) || !isHandleShaped(handle)) return notFound;
    const found = await findPersonByUsername(options.db, handle);
    if (!found) return notFound;
    if (found.isFormerUsername) {
      return { kind: 'redirect', location: `/${encodeURIComponent(found.row.username)}/${list}${query}` };
    }
    return { kind: 'spa' };
  }
  if (segments.length !== 1 || !segments[0]) return { kind: 'spa' };
  const handle = decodeSegment(segments[0]);
  if (handle === null) return notFound;
  // reserved words name every first-level page of the client (a test reads its router)
  if (isReservedWord(handle)) return { kind: 'spa' };
  if (!isHandleShaped(handle)) return notFound;
  const found = await findPersonByUsername(options.db, handle);
  if (!found) return notFound;
  if (found.isFormerUsername) {
    return { kind: 'redirect', location: `/${encodeURIComponent(found.row.username)}${query}` };
  }
  return { kind: 'profile', head: profileHead(found.row, options.publicUrl), body: profileBody(found.row) };
}
