import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { richTextToPlain } from '#shared/lib/rich-text.ts';
import { normalizeSlug } from '#shared/lib/slug-rules.ts';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, answers, groups, posts, questions, users } from '../../db/schema/index.ts';
import {
  buildBody,
  buildHead,
  defaultShareImage,
  escapeHtml,
  oneLine,
  type AlternateLink,
  type ShareImage,
} from '../../lib/html-head.ts';
import { isUuid } from '../../lib/ids.ts';
import { ATOM_TYPE, feedPaths, OEMBED_JSON_TYPE } from '../feeds/public.ts';
import { ldPerson, questionPage as questionLd, sessionEvent } from './json-ld.ts';
import { postShareImage, storedShareImage, type ImageBounds } from './share-image.ts';

/**
 * How the server answers a page path that may be a shared group, question, post or session
 * link: a page's <head> tags and the body its static shell shows before the app runs.
 */
export type SharedPageAnswer =
  { kind: 'spa' } | { kind: 'page'; head: string; body: string } | { kind: 'not-found'; head: string };

/** A shared page's <head> tags and the markup of its body. */
type SharedPage = { head: string; body: string };

const notFoundHead = (title: string) =>
  `<title>${escapeHtml(title)} · Townhall</title>\n    <meta name="robots" content="noindex" />`;

const SPA = { kind: 'spa' } as const;
const GROUP_NOT_FOUND = { kind: 'not-found', head: notFoundHead(GROUP_MESSAGES.notFound) } as const;
const SESSION_NOT_FOUND = { kind: 'not-found', head: notFoundHead('Session not found') } as const;
const QUESTION_NOT_FOUND = { kind: 'not-found', head: notFoundHead('Question not found') } as const;
const POST_NOT_FOUND = { kind: 'not-found', head: notFoundHead('Post not found') } as const;
const PAGE_NOT_FOUND = { kind: 'not-found', head: notFoundHead('Page not found') } as const;

/**
 * The app, kept out of search engines: a question that exists but that not everyone may see
 * (pending or hidden). Its author and the host still open it; the client says what it is.
 */
const NOINDEX_APP = { kind: 'page', head: notFoundHead('Question'), body: '' } as const;

/** What the home page (`/`) says in a preview; the same words as client/index.html's description. */
export const HOME_DESCRIPTION = 'Creator communities with live question-and-answer groups.';

/** A path segment decoded, or null when it is broken or holds a control character (PostgreSQL refuses NUL). */
function decode(segment: string): string | null {
  try {
    const decoded = decodeURIComponent(segment);
    return /\p{Cc}/u.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

const dateFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const profileUrl = (publicUrl: string, username: string) => `${publicUrl}/${encodeURIComponent(username)}`;
/** The address of a group's page. */
export const groupUrl = (publicUrl: string, slug: string) => `${publicUrl}/group/${encodeURIComponent(slug)}`;
/** The address of a question's page. */
export const questionUrl = (publicUrl: string, slug: string, id: string) =>
  `${groupUrl(publicUrl, slug)}/question/${id}`;
/** The address of a session's page. */
export const sessionUrl = (publicUrl: string, id: string) => `${publicUrl}/event/${id}`;

/** A group as its shared pages and feeds show it. */
export type GroupRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  groupImage: string;
  ama: boolean;
  createdAt: Date;
  hostName: string;
  hostUsername: string;
};

/** A group by its slug, in any case; null when there is none. */
export async function findGroup(db: Queryable, slug: string): Promise<GroupRow | null> {
  const [row] = await db
    .select({
      id: groups.id,
      slug: groups.slug,
      name: groups.name,
      description: groups.description,
      groupImage: groups.groupImage,
      ama: groups.ama,
      createdAt: groups.createdAt,
      hostName: users.name,
      hostUsername: users.username,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(sql`lower(${groups.slug}) = ${normalizeSlug(slug)}`)
    .limit(1);
  return row ?? null;
}

/** The host's name as pages show it: their name, or their username when they gave none. */
export const hostOf = (group: Pick<GroupRow, 'hostName' | 'hostUsername'>) =>
  group.hostName.trim() || group.hostUsername;

/** A group's picture as a preview picture of known size, or the site's own. */
export async function groupShareImage(
  db: Queryable,
  group: { groupImage: string; name: string },
  publicUrl: string,
  bounds: ImageBounds = {},
): Promise<ShareImage | null> {
  const stored = group.groupImage
    ? await storedShareImage({ db, url: group.groupImage, publicUrl, alt: group.name, bounds })
    : null;
  if (stored) return stored;
  const fallback = defaultShareImage(publicUrl);
  const fits = fallback.width <= (bounds.maxWidth ?? Infinity) && fallback.height <= (bounds.maxHeight ?? Infinity);
  return fits ? fallback : null;
}

function groupFeedLinks(group: GroupRow, publicUrl: string): AlternateLink[] {
  const links = [
    { type: ATOM_TYPE, href: `${publicUrl}${feedPaths.groupPosts(group.slug)}`, title: `${group.name}: posts` },
  ];
  if (group.ama) {
    links.push({
      type: ATOM_TYPE,
      href: `${publicUrl}${feedPaths.groupAnswers(group.slug)}`,
      title: `${group.name}: answered questions`,
    });
  }
  return links;
}

const oembedLink = (pageUrl: string, title: string, publicUrl: string): AlternateLink => ({
  type: OEMBED_JSON_TYPE,
  href: `${publicUrl}${feedPaths.oembed(pageUrl)}`,
  title,
});

async function groupPage(db: Queryable, group: GroupRow, publicUrl: string): Promise<SharedPage> {
  const kind = group.ama ? 'live Q&A group' : 'group';
  const head = buildHead({
    title: group.name,
    description: group.description.trim()
      ? oneLine(group.description, 300)
      : `A ${kind} hosted by ${hostOf(group)} on Townhall.`,
    url: groupUrl(publicUrl, group.slug),
    image: await groupShareImage(db, group, publicUrl),
    type: 'website',
    alternates: groupFeedLinks(group, publicUrl),
  });
  const body = buildBody({
    title: group.name,
    byline: `${group.ama ? 'Live Q&A group' : 'Group'} hosted by ${hostOf(group)}`,
    text: group.description.trim(),
  });
  return { head, body };
}

const answerer = alias(users, 'answerer');

/** A question everyone may see (not pending, not hidden) of a group, with its answer; null otherwise. */
export async function findPublicQuestion(db: Queryable, groupId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: questions.id,
      body: questions.body,
      likeCount: questions.likeCount,
      createdAt: questions.createdAt,
      authorName: users.name,
      authorUsername: users.username,
      isAnonymous: questions.isAnonymous,
      answer: answers.body,
      answerCreatedAt: answers.createdAt,
      answerLikeCount: answers.likeCount,
      answererName: answerer.name,
      answererUsername: answerer.username,
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .leftJoin(answers, eq(answers.questionId, questions.id))
    .leftJoin(answerer, eq(answerer.id, answers.authorId))
    .where(
      and(
        eq(questions.id, id),
        eq(questions.groupId, groupId),
        sql`${questions.status} <> 'pending' and not ${questions.isHidden}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Who asked, as everyone may read it: "Anonymous" for an anonymous question, never the account. */
export function askerOf(row: { isAnonymous: boolean; authorName: string; authorUsername: string }) {
  return row.isAnonymous
    ? { name: ANONYMOUS_AUTHOR.name, username: null }
    : { name: row.authorName.trim() || row.authorUsername, username: row.authorUsername };
}

async function questionExists(db: Queryable, groupId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.groupId, groupId)))
    .limit(1);
  return row !== undefined;
}

async function questionPage(db: Queryable, group: GroupRow, id: string, publicUrl: string): Promise<SharedPage | null> {
  // Only what anyone may see: pending and hidden questions keep their text out of previews.
  const row = await findPublicQuestion(db, group.id, id);
  if (!row) return null;
  // a preview of an anonymous question names nobody, as its page does
  const asker = askerOf(row);
  const votes = `${row.likeCount} ${row.likeCount === 1 ? 'vote' : 'votes'}`;
  const answerText = row.answer !== null ? richTextToPlain(row.answer).trim() : null;
  const description =
    answerText !== null
      ? `${hostOf(group)} answered: ${oneLine(answerText, 260)}`
      : `Asked by ${asker.name} in ${group.name} · ${votes} · waiting for ${hostOf(group)}'s answer.`;
  const url = questionUrl(publicUrl, group.slug, row.id);
  const answeredBy =
    row.answererUsername !== null
      ? ldPerson(row.answererName?.trim() || row.answererUsername, profileUrl(publicUrl, row.answererUsername))
      : ldPerson(hostOf(group), profileUrl(publicUrl, group.hostUsername));
  const head = buildHead({
    title: `“${oneLine(row.body, 90)}” · ${group.name}`,
    shareTitle: oneLine(row.body, 200),
    description,
    url,
    image: await groupShareImage(db, group, publicUrl),
    type: 'article',
    extra: { 'article:published_time': row.createdAt.toISOString() },
    alternates: [oembedLink(url, oneLine(row.body, 200), publicUrl)],
    jsonLd: questionLd({
      name: oneLine(row.body, 300),
      text: row.body,
      upvoteCount: row.likeCount,
      dateCreated: row.createdAt,
      author:
        asker.username === null ? ldPerson(asker.name) : ldPerson(asker.name, profileUrl(publicUrl, asker.username)),
      url,
      answer:
        answerText !== null && row.answerCreatedAt !== null
          ? {
              text: answerText,
              dateCreated: row.answerCreatedAt,
              upvoteCount: row.answerLikeCount ?? 0,
              author: answeredBy,
            }
          : null,
    }),
  });
  const body = buildBody({
    title: row.body.trim(),
    byline: `Asked by ${asker.name} in ${group.name} · ${votes}`,
    ...(answerText !== null
      ? { section: { title: `${hostOf(group)} answered`, text: answerText } }
      : { text: `Waiting for ${hostOf(group)}'s answer.` }),
  });
  return { head, body };
}

async function postPage(db: Queryable, group: GroupRow, id: string, publicUrl: string): Promise<SharedPage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      body: posts.body,
      images: posts.images,
      createdAt: posts.createdAt,
      authorName: users.name,
      authorUsername: users.username,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, id), eq(posts.groupId, group.id)))
    .limit(1);
  if (!row) return null;
  const author = row.authorName.trim() || row.authorUsername;
  const text = richTextToPlain(row.body);
  const [firstImage] = row.images;
  const picture = firstImage
    ? postShareImage({ image: firstImage, publicUrl, alt: `A picture from ${author}'s post` })
    : null;
  const head = buildHead({
    title: `${author} in ${group.name}`,
    description: text ? oneLine(text, 300) : `A post by ${author} in ${group.name} on Townhall.`,
    url: `${groupUrl(publicUrl, group.slug)}/post/${id}`,
    image: picture ?? (await groupShareImage(db, group, publicUrl)),
    isLargeImage: picture !== null,
    type: 'article',
    extra: { 'article:published_time': row.createdAt.toISOString() },
  });
  const body = buildBody({
    title: `${author} in ${group.name}`,
    byline: `Posted ${dateFormat.format(row.createdAt)} UTC`,
    text: text.trim(),
  });
  return { head, body };
}

async function sessionExists(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: amaSessions.id }).from(amaSessions).where(eq(amaSessions.id, id)).limit(1);
  return row !== undefined;
}

/** A session with its group and host, as its shared page and oEmbed show it; null when there is none. */
export async function findSession(db: Queryable, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: amaSessions.id,
      title: amaSessions.title,
      description: amaSessions.description,
      startsAt: amaSessions.startsAt,
      durationMinutes: amaSessions.durationMinutes,
      startedAt: amaSessions.startedAt,
      endedAt: amaSessions.endedAt,
      status: amaSessions.status,
      groupName: groups.name,
      groupImage: groups.groupImage,
      hostName: users.name,
      hostUsername: users.username,
    })
    .from(amaSessions)
    .innerJoin(groups, eq(groups.id, amaSessions.groupId))
    .innerJoin(users, eq(users.id, amaSessions.hostId))
    .where(eq(amaSessions.id, id))
    .limit(1);
  return row ?? null;
}

async function sessionPage(db: Queryable, id: string, publicUrl: string): Promise<SharedPage | null> {
  const row = await findSession(db, id);
  if (!row) return null;
  const host = row.hostName.trim() || row.hostUsername;
  const when =
    row.status === 'live'
      ? 'Live now'
      : row.status === 'ended'
        ? `Held ${dateFormat.format(row.startsAt)} UTC`
        : `${dateFormat.format(row.startsAt)} UTC`;
  const about = row.description.trim() ? ` ${oneLine(row.description, 220)}` : '';
  const url = sessionUrl(publicUrl, row.id);
  const description = `${when} · ${row.groupName}.${about}`;
  const image = await groupShareImage(db, { groupImage: row.groupImage, name: row.groupName }, publicUrl);
  // When it happened, if it did; else when it is planned, for its planned length.
  const startDate = row.startedAt ?? row.startsAt;
  const plannedEnd = new Date(startDate.getTime() + row.durationMinutes * 60_000);
  const endDate = row.endedAt && row.endedAt > startDate ? row.endedAt : plannedEnd;
  const head = buildHead({
    title: `${row.title} · AMA with ${host}`,
    description,
    url,
    image,
    type: 'website',
    alternates: [oembedLink(url, row.title, publicUrl)],
    jsonLd: sessionEvent({
      title: row.title,
      description: row.description.trim() || `An AMA with ${host} in ${row.groupName} on Townhall.`,
      startDate,
      endDate,
      url,
      image: (image ?? defaultShareImage(publicUrl)).url,
      organizer: ldPerson(host, profileUrl(publicUrl, row.hostUsername)),
    }),
  });
  const status =
    row.status === 'live'
      ? `Live now · started ${dateFormat.format(row.startsAt)} UTC`
      : row.status === 'ended'
        ? `Ended · held ${dateFormat.format(row.startsAt)} UTC`
        : `Scheduled · ${dateFormat.format(row.startsAt)} UTC`;
  const body = buildBody({
    title: row.title,
    byline: `${status} · AMA with ${host} in ${row.groupName}`,
    text: row.description.trim(),
  });
  return { head, body };
}

/** The home page's head: what a link to the site itself previews as. */
function homePage(publicUrl: string): SharedPage {
  const head = buildHead({
    title: 'Townhall',
    documentTitle: 'Townhall',
    description: HOME_DESCRIPTION,
    url: `${publicUrl}/`,
    image: null,
    type: 'website',
  });
  // the home page's own content comes with the app
  return { head, body: '' };
}

/** The blog's list (`/blog`): its head names the blog's Atom feed; its posts come with the app. */
function blogListPage(publicUrl: string): SharedPage {
  const head = buildHead({
    title: 'Blog',
    description: 'News about Townhall, and advice for hosts and operators.',
    url: `${publicUrl}/blog`,
    image: null,
    type: 'website',
    alternates: [{ type: ATOM_TYPE, href: `${publicUrl}${feedPaths.blog()}`, title: 'Townhall blog' }],
  });
  return { head, body: '' };
}

/** A session's pages besides its own: `/event/{id}/present`, `/event/{id}/ledger`, `/event/{id}/analytics`. */
const SESSION_SUB_PAGES: ReadonlySet<string> = new Set(['present', 'ledger', 'analytics']);
/** A group's pages that show no shared text: `/group/{slug}/ledger`, `/analytics`, `/edit`. */
const GROUP_SUB_PAGES: ReadonlySet<string> = new Set(['ledger', 'analytics', 'edit']);

/**
 * The <head> and body of a shared link to a group (`/group/{slug}`), one of its questions
 * (`/group/{slug}/question/{id}`) or posts (`/group/{slug}/post/{id}`), an AMA session
 * (`/event/{id}`) or the home page (`/`), so links preview in chat apps and search engines.
 * Under `/group/` and `/event/`, every path that names nothing (an unknown group, session,
 * question or post, a broken id, an unknown sub-page) is a 404 page with `noindex`; a question
 * that exists but not everyone may see is the app with `noindex`. 'spa' for every other path.
 */
export async function resolveSharedPage(options: {
  db: Queryable;
  url: string;
  publicUrl: string;
}): Promise<SharedPageAnswer> {
  const { db, publicUrl } = options;
  let pathname = options.url.split('?')[0] ?? '/';
  if (pathname === '/') return { kind: 'page', ...homePage(publicUrl) };
  // a trailing slash opens the same page in the client's router
  if (pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const raw = pathname.split('/').slice(1);
  const first = raw[0]?.toLowerCase();
  if (first === 'blog' && raw.length === 1) return { kind: 'page', ...blogListPage(publicUrl) };
  if ((first !== 'event' && first !== 'group') || raw.length < 2) return SPA;
  const notFound = first === 'event' ? SESSION_NOT_FOUND : GROUP_NOT_FOUND;
  const segments = raw.map(decode);
  // a broken or empty segment names nothing (and a NUL never reaches PostgreSQL)
  if (segments.some((segment) => segment === null || segment === '')) return notFound;
  const [, key = '', rawKind, id = ''] = segments as string[];
  const kind = rawKind?.toLowerCase();

  if (first === 'event') {
    if (segments.length === 2) {
      const page = await sessionPage(db, key, publicUrl);
      return page ? { kind: 'page', ...page } : notFound;
    }
    // The presenter view shows no shared text (it is a streaming program's source), only the app;
    // so do a session's moderation ledger and its host analytics.
    if (segments.length === 3 && kind && SESSION_SUB_PAGES.has(kind)) {
      return (await sessionExists(db, key)) ? SPA : notFound;
    }
    return PAGE_NOT_FOUND;
  }

  const isSubPage = segments.length === 3 && kind !== undefined && GROUP_SUB_PAGES.has(kind);
  const isItem = segments.length === 4 && (kind === 'question' || kind === 'post');
  if (segments.length !== 2 && !isSubPage && !isItem) return PAGE_NOT_FOUND;
  const group = await findGroup(db, key);
  if (!group) return notFound;
  if (segments.length === 2) return { kind: 'page', ...(await groupPage(db, group, publicUrl)) };
  if (isSubPage) return SPA;
  if (kind === 'post') {
    const page = await postPage(db, group, id, publicUrl);
    return page ? { kind: 'page', ...page } : POST_NOT_FOUND;
  }
  if (!isUuid(id)) return QUESTION_NOT_FOUND;
  const page = await questionPage(db, group, id, publicUrl);
  if (page) return { kind: 'page', ...page };
  return (await questionExists(db, group.id, id)) ? NOINDEX_APP : QUESTION_NOT_FOUND;
}
