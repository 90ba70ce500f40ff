import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { QuestionListResponse } from '#shared/schemas/questions.ts';
import type { Database } from '../../db/client.ts';
import { groups, questions } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { cursorTime } from '../../lib/keyset.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentSnapshot, pageScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer, ViewerParam } from '../../lib/viewer.ts';
import { findGroupOwner } from '../groups/public.ts';
import { answerLaterCondition, freshScore, questionFreshScore } from './fair-queue-order.ts';
import { presentQuestion, type QuestionRow } from './presenter.ts';
import { selectQuestionsWith } from './select-questions.ts';
import { isUuid } from '../../lib/ids.ts';

// Top pages also need the votes; times keep PostgreSQL's microseconds (see server/lib/cursor.ts).
const QUESTION_CURSOR = [cursorPart.count, cursorPart.time, cursorPart.uuid] as const;
type QuestionCursor = [votes: number, time: string, id: string];
// Fresh pages also carry the reference time their scores were computed at (fair-queue-order.ts).
const FRESH_CURSOR = [cursorPart.time, ...QUESTION_CURSOR] as const;
type FreshCursor = [reference: string, ...QuestionCursor];

export type QuestionView = 'open' | 'answered' | 'pending' | 'hidden' | 'later';
type QuestionSort = 'top' | 'new' | 'fresh';
/** Which session's questions: all of the group's, one session's, or none (a malformed session id). */
type SessionFilter = 'all' | 'one' | 'none';

/**
 * Which questions of a view the viewer sees. open: open, not hidden, not the pinned one — plus
 * the viewer's own pending or hidden ones, so an author sees what they asked; answered: answered,
 * not hidden (the author's own hidden too); pending and hidden: the host's views; later: the
 * group's answer-later list (answerLaterCondition).
 */
function viewCondition(view: QuestionView, viewerId: ViewerParam): SQL {
  if (view === 'later') return answerLaterCondition();
  return sql`${questions.mergedIntoId} is null and ${viewStateCondition(view, viewerId)}`;
}

/** A view's condition on a question's state; a merged question is in none (`viewCondition`). */
function viewStateCondition(view: Exclude<QuestionView, 'later'>, viewerId: ViewerParam): SQL {
  const own = viewerId === null ? sql`false` : sql`${questions.authorId} = ${viewerId}`;
  switch (view) {
    case 'open':
      return sql`${questions.pinnedAt} is null and (
        (${questions.status} = 'open' and not ${questions.isHidden})
        or (${own} and ${questions.status} <> 'answered'))`;
    case 'answered':
      return sql`${questions.status} = 'answered' and (not ${questions.isHidden} or ${own})`;
    // literals, not parameters: the statement's plan is made without its values, and only a
    // literal lets it use the partial indexes of these views (questions_group_*_top_idx)
    case 'pending':
      return sql`${questions.status} = 'pending'`;
    case 'hidden':
      return sql`${questions.isHidden}`;
  }
}

function sessionCondition(filter: SessionFilter): SQL | undefined {
  if (filter === 'all') return undefined;
  return filter === 'one' ? sql`${questions.sessionId} = ${sql.placeholder('sessionId')}` : sql`false`;
}

type PageShape = { sort: QuestionSort; view: QuestionView; after: boolean; signedIn: boolean; session: SessionFilter };

/**
 * The reference time of a fresh reading: the database's time when its first page is read (one
 * clock with the questions' `created_at`), then the one its cursor carries.
 */
const freshReference = () => sql`coalesce(${sql.placeholder('reference')}::timestamptz, statement_timestamp())`;

/** A page's order and the condition of its rows: after a cursor, those past it. */
function pageOrder(sort: QuestionSort, after: boolean): { order: SQL; past: SQL | undefined } {
  const [votes, time, id] = [sql.placeholder('votes'), sql.placeholder('time'), sql.placeholder('id')];
  switch (sort) {
    case 'top':
      return {
        order: sql`${questions.likeCount} desc, ${questions.createdAt} asc, ${questions.id} asc`,
        past: after
          ? sql`${questions.likeCount} <= ${votes} and (${questions.likeCount} < ${votes} or (${questions.createdAt}, ${questions.id}) > (${time}::timestamptz, ${id}::uuid))`
          : undefined,
      };
    case 'new':
      return {
        order: sql`${questions.createdAt} desc, ${questions.id} desc`,
        past: after ? sql`(${questions.createdAt}, ${questions.id}) < (${time}::timestamptz, ${id}::uuid)` : undefined,
      };
    case 'fresh': {
      const reference = freshReference();
      const score = questionFreshScore(reference);
      const lastScore = freshScore(sql`${votes}::int`, sql`${time}::timestamptz`, reference);
      // A reading ranks the queue as it stood at its reference time: a question asked since
      // waits for the next reading (the live event of its asking starts one), so it can neither
      // push a question onto a page already read nor show twice.
      const askedBefore = sql`${questions.createdAt} <= ${reference}`;
      return {
        order: sql`${score} desc, ${questions.createdAt} asc, ${questions.id} asc`,
        past: after
          ? sql`${askedBefore} and (${score} < ${lastScore} or (${score} = ${lastScore} and (${questions.createdAt}, ${questions.id}) > (${time}::timestamptz, ${id}::uuid)))`
          : askedBefore,
      };
    }
  }
}

/**
 * One page of a view in one sort, with or without a cursor, for a viewer or a visitor — and on a
 * first page, in the same statement, the group's pinned question (`part` 1). `position` keeps the
 * page's order through the union. One prepared query per shape.
 */
function pageQuery(db: Database, shape: PageShape) {
  const { sort, view, after, signedIn, session } = shape;
  const name = `questions_page_${sort}_${view}_${after ? 'after' : 'first'}_${signedIn ? 'viewer' : 'visitor'}_${session}`;
  return preparedQuery(db, name, (statementName) => {
    const viewerId = signedIn ? sql.placeholder('viewerId') : null;
    const { order, past } = pageOrder(sort, after);
    const conditions: (SQL | undefined)[] = [
      eq(questions.groupId, sql.placeholder('groupId')),
      viewCondition(view, viewerId),
      sessionCondition(session),
      past,
    ];
    // a fresh page's reference time, for its cursor
    const reference = sort === 'fresh' ? cursorTime(freshReference()) : sql<string>`null::text`;
    const page = selectQuestionsWith(db, viewerId, and(...conditions), {
      snapshot: currentSnapshot.as('snapshot'),
      reference: reference.as('reference'),
      part: sql<number>`0`.as('part'),
      position: sql<number>`row_number() over (order by ${order})`.mapWith(Number).as('position'),
    })
      .orderBy(order)
      .limit(sql.placeholder('limit'));
    if (after) return page.prepare(statementName);
    const pinned = selectQuestionsWith(
      db,
      viewerId,
      and(
        eq(questions.groupId, sql.placeholder('groupId')),
        sessionCondition(session),
        isNotNull(questions.pinnedAt),
        sql`${questions.status} <> 'pending'`,
        eq(questions.isHidden, false),
      ),
      {
        snapshot: currentSnapshot.as('snapshot'),
        reference: reference.as('reference'),
        part: sql<number>`1`.as('part'),
        position: sql<number>`0`.mapWith(Number).as('position'),
      },
    ).limit(1);
    return page.unionAll(pinned).prepare(statementName);
  });
}

/** The order a group's queue opens in when no sort is asked for: its fresh order, and its host. */
function groupOrderQuery(db: Database) {
  return preparedQuery(db, 'questions_group_order', (name) =>
    db
      .select({ freshOrder: groups.freshOrder, ownerId: groups.ownerId, snapshot: currentSnapshot })
      .from(groups)
      .where(eq(groups.id, sql.placeholder('groupId')))
      .limit(1)
      .prepare(name),
  );
}

/** The cursor of the page after `last`; fresh pages carry their reference time too. */
function nextCursorOf(sort: QuestionSort, last: QuestionRow & { cursorTime: string; reference: string | null }) {
  const position: QuestionCursor = [last.likeCount, last.cursorTime, last.id];
  return sort === 'fresh' && last.reference !== null
    ? encodeCursor([last.reference, ...position])
    : encodeCursor(position);
}

/**
 * One page of a group's question queue (see QuestionListQuerySchema): top = most votes, then
 * oldest, then id; new = newest first; fresh = the fair queue's decayed score (fair-queue-order.ts),
 * then oldest, then id, against a reference time fixed by the first page and carried in the
 * cursor, so every page of one reading ranks alike. No sort: the group's own (fresh when it chose
 * the fresh order, else top). Keyset cursors walk questions_group_top_idx and
 * questions_group_created_idx; the fresh order scores the view's questions of the group. Each
 * question comes with its answer and the viewer's likes in the same query; the first page also
 * carries the group's pinned question. Every query is prepared once per shape
 * (server/lib/prepared.ts). With `cache`, a page is served again until something it shows changes
 * (server/lib/page-cache.ts, decision 034); a page in the group's own order also until the group's
 * row changes (its order may have).
 */
export async function listQuestions(options: {
  db: Database;
  viewer: Viewer | null;
  groupId: string;
  sort?: QuestionSort | undefined;
  view: QuestionView;
  cursor?: string | undefined;
  limit: number;
  /** Only the questions of this session (a malformed id matches none). */
  sessionId?: string | undefined;
  cache?: PageCache<QuestionListResponse> | undefined;
}): Promise<QuestionListResponse> {
  const { db, limit, groupId, view } = options;
  const viewerId = options.viewer?.id ?? null;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);

  const session: SessionFilter = options.sessionId === undefined ? 'all' : isUuid(options.sessionId) ? 'one' : 'none';
  // one page per viewer: it carries their likes, and their own pending and hidden questions
  const key = JSON.stringify([
    viewerId,
    groupId,
    options.sort ?? 'group',
    view,
    limit,
    options.sessionId,
    options.cursor,
  ]);
  return servePage(options.cache, db, key, async () => {
    let sort = options.sort;
    let chosenFrom: { ownerId: string; snapshot: string } | null = null;
    if (sort === undefined) {
      const [settings] = await groupOrderQuery(db).execute({ groupId });
      if (!settings) throw notFound(GROUP_MESSAGES.notFound);
      sort = settings.freshOrder ? 'fresh' : 'top';
      chosenFrom = settings;
    }
    let after: QuestionCursor | null = null;
    // a fresh reading's reference time: the cursor's, or the database's now (null) on a first page
    let reference: string | null = null;
    if (sort === 'fresh') {
      const fresh = options.cursor ? (decodeCursor(options.cursor, [...FRESH_CURSOR]) as FreshCursor) : null;
      reference = fresh ? fresh[0] : null;
      after = fresh ? [fresh[1], fresh[2], fresh[3]] : null;
    } else if (options.cursor) {
      after = decodeCursor(options.cursor, [...QUESTION_CURSOR]) as QuestionCursor;
    }
    const signedIn = viewerId !== null;
    const values = {
      groupId,
      viewerId,
      sessionId: options.sessionId,
      limit: limit + 1,
      ...(after ? { votes: after[0], time: after[1], id: after[2] } : {}),
      ...(sort === 'fresh' ? { reference } : {}),
    };
    const rows = await pageQuery(db, { sort, view, after: after !== null, signedIn, session }).execute(values);
    // Every row names the group's host; without a row, ask for the group itself (404, or an empty queue).
    const ownerId = rows[0]?.ownerId ?? chosenFrom?.ownerId ?? (await findGroupOwner(db, groupId));
    if (ownerId === undefined) throw notFound(GROUP_MESSAGES.notFound);
    if ((view === 'pending' || view === 'hidden') && viewerId !== ownerId) {
      throw forbidden(CONTENT_MESSAGES.onlyHostModerates);
    }
    const listed = rows.filter((row) => row.part === 0).sort((a, b) => a.position - b.position);
    const pinnedRow = rows.find((row) => row.part === 1);
    const page = listed.slice(0, limit);
    const last = page.at(-1);
    const result: QuestionListResponse = {
      pinned: pinnedRow ? presentQuestion(pinnedRow, viewerId) : null,
      questions: page.map((row) => presentQuestion(row, viewerId)),
      nextCursor: listed.length > limit && last ? nextCursorOf(sort, last) : null,
    };
    // An empty page was answered by another statement (the group's owner): not kept. A page in
    // the group's own order was chosen by the group's row, read first: its snapshot, and its scope.
    const first = rows[0];
    if (!first) return { value: result, source: undefined };
    return {
      value: result,
      source: chosenFrom
        ? { scopes: [pageScope(groupId, 'queue'), pageScope(groupId, 'group')], snapshot: chosenFrom.snapshot }
        : { scopes: [pageScope(groupId, 'queue')], snapshot: first.snapshot },
    };
  });
}
