import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Feed, type Author } from 'feed';
import { richTextToPlain } from '#shared/lib/rich-text.ts';
import type { Queryable } from '../../db/client.ts';
import { answers, posts, questions, users } from '../../db/schema/index.ts';
import { escapeHtml, oneLine } from '../../lib/html-head.ts';
import { askerOf, groupUrl, hostOf, questionUrl, type GroupRow } from '../share/public.ts';
import { feedPaths } from './feed-paths.ts';
import { richTextToHtml, xmlSafe } from './rich-html.ts';

/** How many entries a feed holds: the newest. */
export const FEED_ENTRIES = 50;

/** An Atom document and its validator. */
export type AtomFeed = { body: string; etag: string };

const profileUrl = (publicUrl: string, username: string) => `${publicUrl}/${encodeURIComponent(username)}`;

/** An Atom entry's title: one line of plain text, written as the escaped HTML the feed library declares. */
const entryTitle = (text: string) => escapeHtml(xmlSafe(oneLine(text, 140))) || 'Untitled';

function toAtom(feed: Feed): AtomFeed {
  const body = feed.atom1();
  return { body, etag: `"${hash('sha256', body, 'base64url').slice(0, 27)}"` };
}

/** The newest of some dates, or `fallback` when there are none. */
const newest = (dates: Date[], fallback: Date) =>
  dates.reduce((latest, date) => (date > latest ? date : latest), fallback);

function groupFeed(options: {
  group: GroupRow;
  publicUrl: string;
  title: string;
  subtitle: string;
  selfPath: string;
  updated: Date;
}): Feed {
  const { group, publicUrl } = options;
  const self = `${publicUrl}${options.selfPath}`;
  return new Feed({
    // the feed's address names it for ever (a feed reader keys its entries by it)
    id: self,
    title: xmlSafe(options.title),
    description: xmlSafe(options.subtitle),
    link: groupUrl(publicUrl, group.slug),
    feedLinks: { atom: self },
    updated: options.updated,
    author: { name: xmlSafe(hostOf(group)), link: profileUrl(publicUrl, group.hostUsername) },
    generator: 'Townhall',
    language: 'en',
  });
}

/** A group's newest posts: the title is the post's first line, the content its text as HTML. */
export async function groupPostsFeed(db: Queryable, group: GroupRow, publicUrl: string): Promise<AtomFeed> {
  const rows = await db
    .select({
      id: posts.id,
      body: posts.body,
      images: posts.images,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      authorName: users.name,
      authorUsername: users.username,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.groupId, group.id))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_ENTRIES);
  const feed = groupFeed({
    group,
    publicUrl,
    title: `${group.name}: posts`,
    subtitle: `The newest posts in ${group.name} on Townhall.`,
    selfPath: feedPaths.groupPosts(group.slug),
    updated: newest(
      rows.map((row) => row.updatedAt),
      group.createdAt,
    ),
  });
  for (const row of rows) {
    const author: Author = {
      name: xmlSafe(row.authorName.trim() || row.authorUsername),
      link: profileUrl(publicUrl, row.authorUsername),
    };
    const firstLine = richTextToPlain(row.body.split('\n').find((line) => line.trim() !== '') ?? '');
    const pictures = row.images
      .map((image) => `<p><img src="${escapeHtml(new URL(image.url, `${publicUrl}/`).href)}" alt="" /></p>`)
      .join('');
    feed.addItem({
      id: `urn:uuid:${row.id}`,
      title: entryTitle(firstLine || `A post by ${author.name ?? ''}`),
      link: `${groupUrl(publicUrl, group.slug)}/post/${row.id}`,
      date: row.updatedAt,
      published: row.createdAt,
      content: richTextToHtml(row.body) + pictures,
      author: [author],
    });
  }
  return toAtom(feed);
}

/**
 * A group's newest answers, an entry each: the question is the title, the host's answer the
 * content. Only questions everyone may see (never pending, hidden or merged ones); an anonymous
 * asker is "Anonymous".
 */
export async function groupAnswersFeed(db: Queryable, group: GroupRow, publicUrl: string): Promise<AtomFeed> {
  const rows = await db
    .select({
      id: answers.id,
      body: answers.body,
      createdAt: answers.createdAt,
      updatedAt: answers.updatedAt,
      questionId: questions.id,
      question: questions.body,
      isAnonymous: questions.isAnonymous,
      authorName: questions.authorName,
      authorUsername: questions.authorUsername,
      answererName: users.name,
      answererUsername: users.username,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answers.authorId))
    .where(
      and(
        eq(answers.groupId, group.id),
        eq(answers.questionHidden, false),
        eq(questions.isHidden, false),
        sql`${questions.status} <> 'pending'`,
        isNull(questions.mergedIntoId),
      ),
    )
    .orderBy(desc(answers.createdAt), desc(answers.id))
    .limit(FEED_ENTRIES);
  const feed = groupFeed({
    group,
    publicUrl,
    title: `${group.name}: answered questions`,
    subtitle: `${hostOf(group)}'s newest answers in ${group.name} on Townhall.`,
    selfPath: feedPaths.groupAnswers(group.slug),
    updated: newest(
      rows.map((row) => row.updatedAt),
      group.createdAt,
    ),
  });
  for (const row of rows) {
    const asker = askerOf(row);
    const answerer = row.answererName.trim() || row.answererUsername;
    feed.addItem({
      id: `urn:uuid:${row.id}`,
      title: entryTitle(richTextToPlain(row.question) || row.question),
      link: questionUrl(publicUrl, group.slug, row.questionId),
      date: row.updatedAt,
      published: row.createdAt,
      content:
        `<p><em>Asked by ${escapeHtml(xmlSafe(asker.name))}</em></p>\n` +
        `<blockquote>${richTextToHtml(row.question)}</blockquote>\n` +
        richTextToHtml(row.body),
      author: [{ name: xmlSafe(answerer), link: profileUrl(publicUrl, row.answererUsername) }],
    });
  }
  return toAtom(feed);
}

/** The blog's posts, newest first, with their whole text (rendered from the repository's Markdown). */
export function blogFeed(content: FastifyInstance['siteContent'], publicUrl: string): AtomFeed {
  const dayOf = (date: string) => new Date(`${date}T00:00:00.000Z`);
  const self = `${publicUrl}${feedPaths.blog()}`;
  const feed = new Feed({
    id: self,
    title: 'Townhall blog',
    description: 'News from Townhall.',
    link: `${publicUrl}/blog`,
    feedLinks: { atom: self },
    updated: newest(
      content.posts.map((post) => dayOf(post.date)),
      new Date('2026-01-01T00:00:00.000Z'),
    ),
    author: { name: 'Townhall' },
    generator: 'Townhall',
    language: 'en',
  });
  for (const summary of content.posts.slice(0, FEED_ENTRIES)) {
    const post = content.post(summary.slug);
    feed.addItem({
      id: `${publicUrl}/blog/${summary.slug}`,
      title: entryTitle(summary.title),
      link: `${publicUrl}/blog/${summary.slug}`,
      date: dayOf(summary.date),
      description: escapeHtml(xmlSafe(summary.summary)),
      // rendered Markdown escapes its text; `]]>` could only end the CDATA section early
      content: xmlSafe(post?.html ?? '').replaceAll(']]>', ']]&gt;'),
      author: [{ name: xmlSafe(summary.author) }],
    });
  }
  return toAtom(feed);
}
