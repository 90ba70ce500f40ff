import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { QuestionListResponse } from '#shared/schemas/questions.ts';
import type { Database } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { currentSnapshot, pageScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer, ViewerParam } from '../../lib/viewer.ts';
import { findGroupOwner } from '../groups/public.ts';
import { presentQuestion } from './presenter.ts';
import { selectQuestionsWith } from './select-questions.ts';
import { isUuid } from '../../lib/ids.ts';

// Top pages also need the votes; times keep PostgreSQL's microseconds (see server/lib/cursor.ts).
const QUESTION_CURSOR = [cursorPart.count, cursorPart.time, cursorPart.uuid] as const;
type QuestionCursor = [votes: number, time: string, id: string];

const encode = (cursor: QuestionCursor) => encodeCursor(cursor);
const decode = (cursor: string): QuestionCursor => decodeCursor(cursor, [...QUESTION_CURSOR]);

export type QuestionView = 'open' | 'answered' | 'pending' | 'hidden' | 'later';
type QuestionSort = 'top' | 'new';
/** Which session's questions: all of the group's, one session's, or none (a malformed session id). */
type SessionFilter = 'all' | 'one' | 'none';

/**
 * Which questions of a view the viewer sees. open: open, not hidden, not the pinned one — plus
 * the viewer's own pending or hidden ones, so an author sees what they asked; answered: answered,
 * not hidden (the author's own hidden too); pending and hidden: the host's views.
 */
function viewCondition(view: Exclude<QuestionView, 'later'>, viewerId: ViewerParam): SQL {
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

type PageShape = { sort: QuestionSort; view: Exclude<QuestionView, 'later'>; after: boolean; signedIn: boolean; session: SessionFilter };

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
    const conditions: (SQL | undefined)[] = [
      eq(questions.groupId, sql.placeholder('groupId')),
      viewCondition(view, viewerId),
      sessionCondition(session),
    ];
    if (after) {
      const [votes, time, id] = [sql.placeholder('votes'), sql.placeholder('time'), sql.placeholder('id')];
      conditions.push(
        sort === 'top'
          ? sql`${questions.likeCount} <= ${votes} and (${questions.likeCount} < ${votes} or (${questions.createdAt}, ${questions.id}) > (${time}::timestamptz, ${id}::uuid))`
          : sql`(${questions.createdAt}, ${questions.id}) < (${time}::timestamptz, ${id}::uuid)`,
      );
    }
    const order =
      sort === 'top'
        ? sql`${questions.likeCount} desc, ${questions.createdAt} asc, ${questions.id} asc`
        : sql`${questions.createdAt} desc, ${questions.id} desc`;
    const page = selectQuestionsWith(db, viewerId, and(...conditions), {
      snapshot: currentSnapshot.as('snapshot'),
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
        part: sql<number>`1`.as('part'),
        position: sql<number>`0`.mapWith(Number).as('position'),
      },
    ).limit(1);
    return page.unionAll(pinned).prepare(statementName);
  });
}

/**
 * One page of a group's question queue (see QuestionListQuerySchema): top = most votes, then
 * oldest, then id; new = newest first. Keyset cursors walk questions_group_top_idx and
 * questions_group_created_idx. Each question comes with its answer and the viewer's likes in
 * the same query; the first page also carries the group's pinned question. Every query is
 * prepared once per shape (server/lib/prepared.ts). With `cache`, a page is served again until
 * something it shows changes (server/lib/page-cache.ts, decision 034).
 */
export async function listQuestions(options: {
  db: Database;
  viewer: Viewer | null;
  groupId: string;
  sort?: QuestionSort | 'fresh' | undefined;
  view: QuestionView;
  cursor?: string | undefined;
  limit: number;
  /** Only the questions of this session (a malformed id matches none). */
  sessionId?: string | undefined;
  cache?: PageCache<QuestionListResponse> | undefined;
}): Promise<QuestionListResponse> {
  const { db, limit, groupId } = options;
  const sort = options.sort ?? 'top';
  const view = options.view;
  if (sort === 'fresh' || view === 'later') throw badRequest('This order or view is not served yet');
  const viewerId = options.viewer?.id ?? null;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);

  const session: SessionFilter = options.sessionId === undefined ? 'all' : isUuid(options.sessionId) ? 'one' : 'none';
  const after = options.cursor ? decode(options.cursor) : null;
  // one page per viewer: it carries their likes, and their own pending and hidden questions
  const key = JSON.stringify([viewerId, groupId, sort, view, limit, options.sessionId, options.cursor]);
  return servePage(options.cache, db, key, async () => {
    const signedIn = viewerId !== null;
    const values = {
      groupId,
      viewerId,
      sessionId: options.sessionId,
      limit: limit + 1,
      ...(after ? { votes: after[0], time: after[1], id: after[2] } : {}),
    };
    const rows = await pageQuery(db, { sort, view, after: after !== null, signedIn, session }).execute(values);
    // Every row names the group's host; without a row, ask for the group itself (404, or an empty queue).
    const ownerId = rows[0]?.ownerId ?? (await findGroupOwner(db, groupId));
    if (ownerId === undefined) throw notFound(GROUP_MESSAGES.notFound);
    if ((view === 'pending' || view === 'hidden') && viewerId !== ownerId) {
      throw forbidden(CONTENT_MESSAGES.onlyHostModerates);
    }
    const listed = rows.filter((row) => row.part === 0).sort((a, b) => a.position - b.position);
    const pinnedRow = rows.find((row) => row.part === 1);
    const page = listed.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = listed.length > limit && last ? encode([last.likeCount, last.cursorTime, last.id]) : null;
    const result: QuestionListResponse = {
      pinned: pinnedRow ? presentQuestion(pinnedRow, viewerId) : null,
      questions: page.map((row) => presentQuestion(row, viewerId)),
      nextCursor,
    };
    // an empty page was answered by another statement (the group's owner): not kept
    return {
      value: result,
      source: rows[0] ? { scopes: [pageScope(groupId, 'queue')], snapshot: rows[0].snapshot } : undefined,
    };
  });
}
