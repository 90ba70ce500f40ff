import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { answers, groups, groupSubscriptions, mailMessages, questions, users } from '../../db/schema/index.ts';
import { type MailService, type RenderedMail, lockMailRecipient } from '../mail/public.ts';
import { clip } from './new-answer-mail.ts';
import { questionPagePath } from './notification-href.ts';

/** The kind of the weekly digest in mail_messages. */
export const WEEKLY_DIGEST_MAIL_KIND = 'weekly_digest';
/** The kind of an administrator's digest preview: another kind, so it never counts as the week's digest. */
export const DIGEST_PREVIEW_MAIL_KIND = 'weekly_digest_preview';
/** How many questions, and how many answers, a digest lists. */
export const DIGEST_ITEMS = 5;
/**
 * Default schedule of the digest job: every hour on the hour (UTC). Each run sends to the people
 * whose own day and hour (users.digest_weekday, digest_hour, in digest_time_zone) it is now.
 */
export const WEEKLY_DIGEST_CRON = '0 * * * *';
/** The title, and subject, of the digest. */
export const DIGEST_TITLE = 'Your week on Townhall';
/** The subject of a preview: marked, so nobody takes it for the real thing. */
export const DIGEST_PREVIEW_SUBJECT = `[Preview] ${DIGEST_TITLE}`;

const WEEK = sql`now() - interval '7 days'`;
// A rerun of the same week's job (a retry, two processes, an hour that repeats when clocks go
// back) does not send a second digest.
const RESEND_AFTER = sql`now() - interval '6 days'`;
const USERS_PER_PAGE = 500;

/** A person's digest schedule: a weekday (0 Sunday … 6 Saturday) and an hour, in an IANA time zone. */
export interface DigestSchedule {
  weekday: number;
  hour: number;
  timeZone: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Whether `at` falls in the schedule's hour, on its weekday, in its time zone. A zone the
 * runtime does not know (it was valid when saved) falls back to UTC rather than never sending.
 */
export function isDigestHour(schedule: DigestSchedule, at: Date): boolean {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: schedule.timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return isDigestHour({ ...schedule, timeZone: 'UTC' }, at);
  }
  const weekday = WEEKDAYS.indexOf(parts.find((part) => part.type === 'weekday')?.value ?? '');
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  return weekday === schedule.weekday && hour === schedule.hour;
}

/**
 * One run of the digest job: for every person who turned 'weeklyDigest' on (and not
 * unsubscribedAll) and whose digest day and hour it is at `at` in their time zone, the most
 * upvoted questions and answers of the week in the groups they subscribe to; people with nothing
 * to show, and disabled accounts, get nothing. Only what everyone may see is listed (no pending
 * or hidden question, nor an answer to one), read when the digest is made. Returns how many
 * digests were queued.
 */
export async function runWeeklyDigest(options: {
  db: Database;
  mail: MailService;
  publicUrl: string;
  /** The hour being served; the job passes its start time. */
  at: Date;
}): Promise<number> {
  const { db, at } = options;
  let sent = 0;
  let afterId = '';
  for (;;) {
    const page = await db
      .select({
        id: users.id,
        weekday: users.digestWeekday,
        hour: users.digestHour,
        timeZone: users.digestTimeZone,
      })
      .from(users)
      .where(
        and(
          sql`(${users.emailSettings} ->> 'weeklyDigest')::boolean is true`,
          sql`(${users.emailSettings} ->> 'unsubscribedAll')::boolean is not true`,
          isNull(users.disabledAt),
          gt(users.id, afterId),
        ),
      )
      .orderBy(asc(users.id))
      .limit(USERS_PER_PAGE);
    for (const row of page) {
      if (!isDigestHour(row, at)) continue;
      if (await sendDigest({ ...options, userId: row.id })) sent += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < USERS_PER_PAGE) return sent;
    afterId = last.id;
  }
}

/** What a digest lists: the week's top questions and answers in a person's groups. */
interface DigestContent {
  questions: { id: string; body: string; likeCount: number; groupName: string; groupSlug: string }[];
  answers: { questionId: string; question: string; body: string; groupName: string; groupSlug: string }[];
}

async function collectDigest(tx: Transaction, userId: string): Promise<DigestContent> {
  const subscribed = tx
    .select({ groupId: groupSubscriptions.groupId })
    .from(groupSubscriptions)
    .where(eq(groupSubscriptions.userId, userId));
  // a merged question's votes went to the question it repeats, which stands for both
  const isVisible = and(ne(questions.status, 'pending'), eq(questions.isHidden, false), isNull(questions.mergedIntoId));
  const topQuestions = await tx
    .select({
      id: questions.id,
      body: questions.body,
      likeCount: questions.likeCount,
      groupName: groups.name,
      groupSlug: groups.slug,
    })
    .from(questions)
    .innerJoin(groups, eq(groups.id, questions.groupId))
    .where(and(inArray(questions.groupId, subscribed), isVisible, gt(questions.createdAt, WEEK)))
    .orderBy(desc(questions.likeCount), asc(questions.createdAt))
    .limit(DIGEST_ITEMS);
  const topAnswers = await tx
    .select({
      questionId: questions.id,
      question: questions.body,
      body: answers.body,
      groupName: groups.name,
      groupSlug: groups.slug,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(groups, eq(groups.id, answers.groupId))
    .where(and(inArray(answers.groupId, subscribed), isVisible, gt(answers.createdAt, WEEK)))
    .orderBy(desc(answers.likeCount), desc(questions.likeCount), asc(answers.createdAt))
    .limit(DIGEST_ITEMS);
  return { questions: topQuestions, answers: topAnswers };
}

/** The digest e-mail; every question and answer links to its question's page. */
function renderDigest(options: {
  mail: MailService;
  publicUrl: string;
  userId: string;
  person: { name: string; username: string };
  content: DigestContent;
  isPreview?: boolean;
}): RenderedMail {
  const { publicUrl, person, content } = options;
  const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;
  const isEmpty = content.questions.length === 0 && content.answers.length === 0;
  return options.mail.render({
    kind: options.isPreview ? DIGEST_PREVIEW_MAIL_KIND : WEEKLY_DIGEST_MAIL_KIND,
    isNotification: true,
    title: DIGEST_TITLE,
    ...(options.isPreview ? { subject: DIGEST_PREVIEW_SUBJECT } : {}),
    paragraphs: [
      ...(options.isPreview
        ? [
            'This is a preview an administrator asked for: the digest as it would be for you now. It does not count as your weekly digest.',
          ]
        : []),
      `Hi ${person.name.trim() || `@${person.username}`}, here is what your groups talked about this week.`,
      ...(isEmpty
        ? ['Nothing this week in the groups you subscribe to. (A real digest with nothing in it is not sent at all.)']
        : []),
      ...(content.questions.length > 0
        ? [
            {
              heading: 'Top questions',
              items: content.questions.map((row) => ({
                text: `“${clip(row.body, 200)}”`,
                url: `${publicUrl}${questionPagePath(row.groupSlug, row.id)}`,
                note: `(${row.groupName}, ${votes(row.likeCount)})`,
              })),
            },
          ]
        : []),
      ...(content.answers.length > 0
        ? [
            {
              heading: 'Top answers',
              items: content.answers.map((row) => ({
                text: `“${clip(row.question, 120)}”`,
                url: `${publicUrl}${questionPagePath(row.groupSlug, row.questionId)}`,
                note: `(${row.groupName})`,
                detail: clip(row.body, 300),
              })),
            },
          ]
        : []),
    ],
    action: { label: 'Open Townhall', url: `${publicUrl}/home` },
    unsubscribe: { userId: options.userId, category: 'weeklyDigest' },
  });
}

async function sendDigest(options: {
  db: Database;
  mail: MailService;
  publicUrl: string;
  userId: string;
}): Promise<boolean> {
  const { userId } = options;
  return options.db.transaction(async (tx) => {
    const person = await lockMailRecipient(tx, userId);
    // settings or the account may have changed since the page of people was read
    if (!person || person.disabledAt || !person.settings.weeklyDigest || person.settings.unsubscribedAll) return false;
    const [recent] = await tx
      .select({ one: sql`1` })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.userId, userId),
          eq(mailMessages.kind, WEEKLY_DIGEST_MAIL_KIND),
          gt(mailMessages.createdAt, RESEND_AFTER),
        ),
      )
      .limit(1);
    if (recent) return false;

    const content = await collectDigest(tx, userId);
    if (content.questions.length === 0 && content.answers.length === 0) return false;
    const rendered = renderDigest({ ...options, person, content });
    await options.mail.send({ ...rendered, to: person.email, userId }, { tx });
    return true;
  });
}

/**
 * An administrator's digest preview: the digest as it would be for them now, queued to their
 * own address only, marked "[Preview]" and of its own kind, so it never stands for the week's
 * digest. Sent whatever their own settings say (they asked for it); with nothing to list it says
 * so. Returns the address it goes to.
 */
export async function queueDigestPreview(options: {
  tx: Transaction;
  mail: MailService;
  publicUrl: string;
  userId: string;
}): Promise<string | null> {
  const { tx, userId } = options;
  const person = await lockMailRecipient(tx, userId);
  if (!person || person.disabledAt) return null;
  const content = await collectDigest(tx, userId);
  const rendered = renderDigest({ ...options, person, content, isPreview: true });
  await options.mail.send({ ...rendered, to: person.email, userId }, { tx });
  return person.email;
}
