import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { Transcript } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, answers, groups, questions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireViewer } from '../groups/host-only.ts';
import { loadSession } from './select-sessions.ts';

/**
 * The transcript of a session (its host only): the questions asked for it, and those asked in
 * the group while it was live, without pending or hidden ones, most votes first, each with its
 * answer.
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
      ),
    )
    .orderBy(desc(questions.likeCount), asc(questions.createdAt), asc(questions.id));

  return {
    session,
    questions: rows.map((row) => ({
      id: row.id,
      body: row.body,
      author: { username: row.username, name: row.name },
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

const quote = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** The transcript as Markdown: a heading per question, votes, the answer quoted. */
export function transcriptMarkdown(transcript: Transcript, publicUrl: string): string {
  const { session } = transcript;
  const lines = [
    `# ${session.title}`,
    '',
    `AMA session of **${session.group.name}** hosted by @${session.host.username}.`,
    '',
    `- Scheduled: ${session.startsAt}`,
    `- Started: ${session.startedAt ?? 'not started'}`,
    `- Ended: ${session.endedAt ?? 'not ended'}`,
    `- Link: ${publicUrl}/event/${session.id}`,
    '',
  ];
  if (session.description) lines.push(session.description, '');
  lines.push(`## Questions (${transcript.questions.length})`, '');
  if (transcript.questions.length === 0) lines.push('No questions were asked.', '');
  transcript.questions.forEach((question, index) => {
    const who = question.author.name.trim()
      ? `${question.author.name.trim()} (@${question.author.username})`
      : `@${question.author.username}`;
    const votes = `${question.votes} ${question.votes === 1 ? 'vote' : 'votes'}`;
    lines.push(`### ${index + 1}. ${question.body.split(/\r\n|\r|\n/).join(' ')}`, '');
    lines.push(`Asked by ${who} · ${votes} · ${question.askedAt}`, '');
    if (question.answer) {
      lines.push(`**Answer** (${question.answer.answeredAt}):`, '', quote(question.answer.body), '');
    } else {
      lines.push('_Not answered._', '');
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}
