import { and, eq, sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { richTextToPlain } from '#shared/lib/rich-text.ts';
import { normalizeSlug } from '#shared/lib/slug-rules.ts';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, answers, groups, posts, questions, users } from '../../db/schema/index.ts';
import { absoluteImageUrl, buildBody, buildHead, escapeHtml, oneLine } from '../../lib/html-head.ts';
import { isUuid } from '../../lib/ids.ts';

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

type GroupRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  groupImage: string;
  ama: boolean;
  hostName: string;
  hostUsername: string;
};

async function findGroup(db: Queryable, slug: string): Promise<GroupRow | null> {
  const [row] = await db
    .select({
      id: groups.id,
      slug: groups.slug,
      name: groups.name,
      description: groups.description,
      groupImage: groups.groupImage,
      ama: groups.ama,
      hostName: users.name,
      hostUsername: users.username,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(sql`lower(${groups.slug}) = ${normalizeSlug(slug)}`)
    .limit(1);
  return row ?? null;
}

const hostOf = (group: GroupRow) => group.hostName.trim() || group.hostUsername;

function groupPage(group: GroupRow, publicUrl: string): SharedPage {
  const kind = group.ama ? 'live Q&A group' : 'group';
  const head = buildHead({
    title: group.name,
    description: group.description.trim()
      ? oneLine(group.description, 300)
      : `A ${kind} hosted by ${hostOf(group)} on Townhall.`,
    url: `${publicUrl}/group/${encodeURIComponent(group.slug)}`,
    image: absoluteImageUrl(group.groupImage, publicUrl),
    imageAlt: group.name,
    type: 'website',
  });
  const body = buildBody({
    title: group.name,
    byline: `${group.ama ? 'Live Q&A group' : 'Group'} hosted by ${hostOf(group)}`,
    text: group.description.trim(),
  });
  return { head, body };
}

async function questionPage(db: Queryable, group: GroupRow, id: string, publicUrl: string): Promise<SharedPage | null> {
  if (!isUuid(id)) return null;
  // Only what anyone may see: pending and hidden questions keep their text out of previews.
  const [row] = await db
    .select({
      body: questions.body,
      likeCount: questions.likeCount,
      createdAt: questions.createdAt,
      authorName: users.name,
      authorUsername: users.username,
      isAnonymous: questions.isAnonymous,
      answer: answers.body,
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .leftJoin(answers, eq(answers.questionId, questions.id))
    .where(
      and(
        eq(questions.id, id),
        eq(questions.groupId, group.id),
        sql`${questions.status} <> 'pending' and not ${questions.isHidden}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  // a preview of an anonymous question names nobody, as its page does
  const asker = row.isAnonymous ? ANONYMOUS_AUTHOR.name : row.authorName.trim() || row.authorUsername;
  const votes = `${row.likeCount} ${row.likeCount === 1 ? 'vote' : 'votes'}`;
  const description =
    row.answer !== null
      ? `${hostOf(group)} answered: ${oneLine(richTextToPlain(row.answer), 260)}`
      : `Asked by ${asker} in ${group.name} · ${votes} · waiting for ${hostOf(group)}'s answer.`;
  const head = buildHead({
    title: `“${oneLine(row.body, 90)}” · ${group.name}`,
    shareTitle: oneLine(row.body, 200),
    description,
    url: `${publicUrl}/group/${encodeURIComponent(group.slug)}/question/${id}`,
    image: absoluteImageUrl(group.groupImage, publicUrl),
    imageAlt: group.name,
    type: 'article',
    extra: { 'article:published_time': row.createdAt.toISOString() },
  });
  const body = buildBody({
    title: row.body.trim(),
    byline: `Asked by ${asker} in ${group.name} · ${votes}`,
    ...(row.answer !== null
      ? { section: { title: `${hostOf(group)} answered`, text: richTextToPlain(row.answer).trim() } }
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
  const image = firstImage ? absoluteImageUrl(firstImage.url, publicUrl) : null;
  const head = buildHead({
    title: `${author} in ${group.name}`,
    description: text ? oneLine(text, 300) : `A post by ${author} in ${group.name} on Townhall.`,
    url: `${publicUrl}/group/${encodeURIComponent(group.slug)}/post/${id}`,
    image: image ?? absoluteImageUrl(group.groupImage, publicUrl),
    imageAlt: image ? `A picture from ${author}'s post` : group.name,
    isLargeImage: image !== null,
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

async function sessionPage(db: Queryable, id: string, publicUrl: string): Promise<SharedPage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      title: amaSessions.title,
      description: amaSessions.description,
      startsAt: amaSessions.startsAt,
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
  if (!row) return null;
  const host = row.hostName.trim() || row.hostUsername;
  const when =
    row.status === 'live'
      ? 'Live now'
      : row.status === 'ended'
        ? `Held ${dateFormat.format(row.startsAt)} UTC`
        : `${dateFormat.format(row.startsAt)} UTC`;
  const about = row.description.trim() ? ` ${oneLine(row.description, 220)}` : '';
  const head = buildHead({
    title: `${row.title} · AMA with ${host}`,
    description: `${when} · ${row.groupName}.${about}`,
    url: `${publicUrl}/event/${id}`,
    image: absoluteImageUrl(row.groupImage, publicUrl),
    imageAlt: row.groupName,
    type: 'website',
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

/** A session's pages besides its own: `/event/{id}/present`, `/event/{id}/ledger`, `/event/{id}/analytics`. */
const SESSION_SUB_PAGES: ReadonlySet<string> = new Set(['present', 'ledger', 'analytics']);
/** A group's pages that show no shared text: `/group/{slug}/ledger`, `/group/{slug}/analytics`. */
const GROUP_SUB_PAGES: ReadonlySet<string> = new Set(['ledger', 'analytics']);

/**
 * The <head> and body of a shared link to a group (`/group/{slug}`), one of its questions
 * (`/group/{slug}/question/{id}`) or posts (`/group/{slug}/post/{id}`), or an AMA session
 * (`/event/{id}`), so links preview in chat apps; a 404 page when the group or session does
 * not exist (a session's presenter view, ledger and analytics, and a group's ledger and analytics, too); 'spa' for every other path (and questions or posts not everyone may see).
 */
export async function resolveSharedPage(options: {
  db: Queryable;
  url: string;
  publicUrl: string;
}): Promise<SharedPageAnswer> {
  const pathname = options.url.split('?')[0] ?? '/';
  const segments = pathname.split('/').slice(1).map(decode);
  if (segments.some((segment) => segment === null || segment === '')) return SPA;
  const [first, slug, kind, id] = segments as string[];
  const { db, publicUrl } = options;

  if (first === 'event' && segments.length === 2 && slug) {
    const page = await sessionPage(db, slug, publicUrl);
    return page ? { kind: 'page', ...page } : { kind: 'not-found', head: notFoundHead('Session not found') };
  }
  // The presenter view shows no shared text (it is a streaming program's source), only the app;
  // so do a session's moderation ledger and its host analytics.
  if (first === 'event' && segments.length === 3 && slug && kind && SESSION_SUB_PAGES.has(kind)) {
    return (await sessionExists(db, slug)) ? SPA : { kind: 'not-found', head: notFoundHead('Session not found') };
  }
  if (first !== 'group' || !slug) return SPA;
  if (segments.length === 3 && kind && GROUP_SUB_PAGES.has(kind)) {
    return (await findGroup(db, slug)) ? SPA : { kind: 'not-found', head: notFoundHead(GROUP_MESSAGES.notFound) };
  }
  if (segments.length !== 2 && segments.length !== 4) return SPA;
  if (segments.length === 4 && kind !== 'question' && kind !== 'post') return SPA;
  const group = await findGroup(db, slug);
  if (!group) return { kind: 'not-found', head: notFoundHead(GROUP_MESSAGES.notFound) };
  if (segments.length === 2) return { kind: 'page', ...groupPage(group, publicUrl) };
  const page =
    kind === 'question'
      ? await questionPage(db, group, id ?? '', publicUrl)
      : await postPage(db, group, id ?? '', publicUrl);
  // A question only its author or the host may see, or one that is gone: the client says which.
  return page ? { kind: 'page', ...page } : SPA;
}
