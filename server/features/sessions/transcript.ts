import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { parseRichText, type RichInline } from '#shared/lib/rich-text.ts';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import type { Transcript } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, answers, groups, questions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadSession } from './select-sessions.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * The transcript of a session (its host only): the questions asked for it, and those asked in
 * the group while it was live, without pending or hidden ones, most votes first, each with its
 * answer. An anonymous question's author is "Anonymous", with no username.
 */
export async function loadTranscript(options: {
  db: Queryable;
  viewer: Viewer | null;
  sessionId: string;
}): Promise<Transcript> {
  const { db } = options;
  const viewer = requireViewer(options.viewer);
  const session = await loadSession(db, options.sessionId);
  const [owner] = await db.select({ ownerId: groups.ownerId }).from(groups).where(eq(groups.id, session.groupId));
  if (owner?.ownerId !== viewer.id) throw new AppError(403, 'forbidden', SESSION_MESSAGES.transcriptHostOnly);

  const duringLive = session.startedAt
    ? and(
        isNull(questions.sessionId),
        eq(questions.groupId, session.groupId),
        sql`${questions.createdAt} >= ${session.startedAt}::timestamptz`,
        sql`${questions.createdAt} <= coalesce(${session.endedAt}::timestamptz, now())`,
      )
    : sql`false`;
  const rows = await db
    .select({
      id: questions.id,
      body: questions.body,
      username: users.username,
      name: users.name,
      isAnonymous: questions.isAnonymous,
      votes: questions.likeCount,
      askedAt: questions.createdAt,
      status: questions.status,
      answerBody: answers.body,
      answeredAt: sql<Date | null>`coalesce(${questions.answeredAt}, ${answers.createdAt})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .leftJoin(answers, eq(answers.questionId, questions.id))
    .leftJoin(amaSessions, eq(amaSessions.id, questions.sessionId))
    .where(
      and(
        sql`(${questions.sessionId} = ${session.id} or ${duringLive})`,
        sql`${questions.status} <> 'pending'`,
        eq(questions.isHidden, false),
        // a merged question repeats the one it went into, which carries its votes
        isNull(questions.mergedIntoId),
      ),
    )
    .orderBy(desc(questions.likeCount), asc(questions.createdAt), asc(questions.id));

  return {
    session,
    questions: rows.map((row) => ({
      id: row.id,
      body: row.body,
      // an anonymous question's asker is nobody's to read, the host's included
      author: row.isAnonymous
        ? { username: ANONYMOUS_AUTHOR.username, name: ANONYMOUS_AUTHOR.name }
        : { username: row.username, name: row.name },
      votes: row.votes,
      askedAt: row.askedAt.toISOString(),
      status: row.status,
      answer:
        row.answerBody === null
          ? null
          : { body: row.answerBody, answeredAt: (row.answeredAt ?? row.askedAt).toISOString() },
    })),
  };
}

// What a person typed reaches the Markdown as text only: a viewer that renders HTML in Markdown
// (most do) must show `<img onerror=…>` or `[x](javascript:…)` as typed, never run or link it.
// Their formatting (bold, italics, lists, http(s) and mailto links) is rebuilt from the same
// rich-text tree the app renders, so nothing but those few constructs comes out.

/** Characters Markdown or HTML would act on anywhere in a line, and what stands for each. */
const INLINE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\\': '\\\\',
  '`': '\\`',
  '*': '\\*',
  _: '\\_',
  '[': '\\[',
  ']': '\\]',
  '~': '\\~',
  '|': '\\|',
};
const INLINE_ACTIVE = /[&<>\\`*_[\]~|]/g;

/** `text` as Markdown that renders as exactly this text, inside a line. */
export function escapeMarkdownText(text: string): string {
  return text.replace(INLINE_ACTIVE, (char) => INLINE_ESCAPES[char] ?? char);
}

/**
 * A rendered line that starts a block when it begins with a heading, list, rule, setext or
 * quote marker, or with indentation (a code block): the marker is escaped, the indentation
 * dropped.
 */
function escapeLineStart(line: string): string {
  return line
    .trimStart()
    .replace(/^([#+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

function inlineMarkdown(nodes: RichInline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          // A `!` right before a link would make it an image.
          return escapeMarkdownText(node.text.replace(/\s+/g, ' ')).replace(/!$/, '\\!');
        case 'break':
          return '\n';
        case 'bold':
          return `**${inlineMarkdown(node.children)}**`;
        case 'italic':
          return `*${inlineMarkdown(node.children)}*`;
        case 'link':
          // safeLinkHref let only http(s) and mailto through; the URL parser percent-encoded
          // spaces and angle brackets, so the href fits an <…> destination as it is.
          return `[${inlineMarkdown(node.children)}](<${node.href}>)`;
      }
      return '';
    })
    .join('');
}

/** Lines of one paragraph or list item; a line break inside becomes a Markdown hard break. */
function blockLines(nodes: RichInline[]): string[] {
  const lines = inlineMarkdown(nodes).split('\n').map(escapeLineStart);
  return lines.map((line, index) => (index < lines.length - 1 ? `${line}\\` : line));
}

/** Rich text (a question or answer as typed) as safe Markdown blocks. */
export function richTextMarkdown(source: string): string {
  return parseRichText(source)
    .map((block) => {
      if (block.type === 'paragraph') return blockLines(block.children).join('\n');
      return block.items
        .map((item, index) => {
          const marker = block.isOrdered ? `${block.start + index}.` : '-';
          const indent = ' '.repeat(marker.length + 1);
          return blockLines(item)
            .map((line, lineIndex) => (lineIndex === 0 ? `${marker} ${line}` : `${indent}${line}`))
            .join('\n');
        })
        .join('\n');
    })
    .join('\n\n');
}

/** Plain text (a title, a name, a description) as safe Markdown: its lines kept, nothing active. */
export function plainTextMarkdown(text: string): string {
  const lines = text.split(/\r\n|\r|\n/).map((line) => escapeLineStart(escapeMarkdownText(line)));
  // A hard break only between two lines of one paragraph; a blank line separates paragraphs.
  return lines.map((line, index) => (line !== '' && (lines[index + 1] ?? '') !== '' ? `${line}\\` : line)).join('\n');
}

/** One line of safe Markdown from rich text: a question's text in its heading. */
function oneLineMarkdown(source: string): string {
  return parseRichText(source)
    .flatMap((block) => (block.type === 'paragraph' ? [block.children] : block.items))
    .map((nodes) => inlineMarkdown(nodes).replace(/\n/g, ' ').trim())
    .join(' ');
}

const quote = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

/** The transcript as Markdown: a heading per question, votes, the answer quoted. Typed text is escaped. */
export function transcriptMarkdown(transcript: Transcript, publicUrl: string): string {
  const { session } = transcript;
  const lines = [
    `# ${escapeMarkdownText(session.title.replace(/\s+/g, ' '))}`,
    '',
    `AMA session of **${escapeMarkdownText(session.group.name)}** hosted by @${escapeMarkdownText(session.host.username)}.`,
    '',
    `- Scheduled: ${session.startsAt}`,
    `- Started: ${session.startedAt ?? 'not started'}`,
    `- Ended: ${session.endedAt ?? 'not ended'}`,
    `- Link: ${publicUrl}/event/${session.id}`,
    `- Moderation ledger (what was hidden, merged or carried over, and why): ${publicUrl}/event/${session.id}/ledger`,
    '',
  ];
  if (session.description) lines.push(plainTextMarkdown(session.description), '');
  lines.push(`## Questions (${transcript.questions.length})`, '');
  if (transcript.questions.length === 0) lines.push('No questions were asked.', '');
  transcript.questions.forEach((question, index) => {
    const name = escapeMarkdownText(question.author.name.trim().replace(/\s+/g, ' '));
    // an anonymous question has no username: its name alone ("Anonymous")
    const username = question.author.username ? `@${escapeMarkdownText(question.author.username)}` : '';
    const who = name && username ? `${name} (${username})` : name || username;
    const votes = `${question.votes} ${question.votes === 1 ? 'vote' : 'votes'}`;
    lines.push(`### ${index + 1}. ${oneLineMarkdown(question.body)}`, '');
    lines.push(`Asked by ${who} · ${votes} · ${question.askedAt}`, '');
    if (question.answer) {
      lines.push(`**Answer** (${question.answer.answeredAt}):`, '', quote(richTextMarkdown(question.answer.body)), '');
    } else {
      lines.push('_Not answered._', '');
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}
