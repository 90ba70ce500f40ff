import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import type { QuestionListResponse } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isGroupId } from '../groups/cursor.ts';
import { loadGroupWithRelation } from '../groups/find-group.ts';
import { presentQuestion, type QuestionRow } from './presenter.ts';
import { selectQuestions } from './select-questions.ts';

// Top pages also need the votes; times keep PostgreSQL's microseconds (see server/lib/cursor.ts).
const QUESTION_CURSOR = [cursorPart.count, cursorPart.time, cursorPart.uuid] as const;
type QuestionCursor = [votes: number, time: string, id: string];

const encode = (cursor: QuestionCursor) => encodeCursor(cursor);
const decode = (cursor: string): QuestionCursor => decodeCursor(cursor, [...QUESTION_CURSOR]);

export type QuestionView = 'open' | 'answered' | 'pending' | 'hidden';

/**
 * Which questions of a view the viewer sees. open: open, not hidden, not the pinned one — plus
 * the viewer's own pending or hidden ones, so an author sees what they asked; answered: answered,
 * not hidden (the author's own hidden too); pending and hidden: the host's views.
 */
function viewCondition(view: QuestionView, viewerId: string | null): SQL {
  const own = viewerId === null ? sql`false` : sql`${questions.authorId} = ${viewerId}`;
  switch (view) {
    case 'open':
      return sql`${questions.pinnedAt} is null and (
        (${questions.status} = 'open' and not ${questions.isHidden})
        or (${own} and ${questions.status} <> 'answered'))`;
    case 'answered':
      return sql`${questions.status} = 'answered' and (not ${questions.isHidden} or ${own})`;
    case 'pending':
      return eq(questions.status, 'pending');
    case 'hidden':
      return eq(questions.isHidden, true);
  }
}

/**
 * One page of a group's question queue (see QuestionListQuerySchema): top = most votes, then
 * oldest, then id; new = newest first. Keyset cursors walk questions_group_top_idx and
 * questions_group_created_idx. Each question comes with its answer and the viewer's likes in
 * the same query; the first page also carries the group's pinned question.
 */
export async function listQuestions(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  sort: 'top' | 'new';
  view: QuestionView;
  cursor?: string | undefined;
  limit: number;
  /** Only the questions of this session (a malformed id matches none). */
  sessionId?: string | undefined;
}): Promise<QuestionListResponse> {
  const { db, sort, view, limit } = options;
  const viewerId = options.viewer?.id ?? null;
  const { group } = await loadGroupWithRelation({ db, viewer: options.viewer, groupId: options.groupId });
  if ((view === 'pending' || view === 'hidden') && viewerId !== group.ownerId) {
    throw forbidden(CONTENT_MESSAGES.onlyHostModerates);
  }

  const conditions: SQL[] = [eq(questions.groupId, group.id), viewCondition(view, viewerId)];
  const sessionCondition =
    options.sessionId === undefined
      ? undefined
      : isGroupId(options.sessionId)
        ? eq(questions.sessionId, options.sessionId)
        : sql`false`;
  if (sessionCondition) conditions.push(sessionCondition);
  if (options.cursor) {
    const [votes, time, id] = decode(options.cursor);
    conditions.push(
      sort === 'top'
        ? sql`${questions.likeCount} <= ${votes} and (${questions.likeCount} < ${votes} or (${questions.createdAt}, ${questions.id}) > (${time}::timestamptz, ${id}::uuid))`
        : sql`(${questions.createdAt}, ${questions.id}) < (${time}::timestamptz, ${id}::uuid)`,
    );
  }
  const order =
    sort === 'top'
      ? [desc(questions.likeCount), asc(questions.createdAt), asc(questions.id)]
      : [desc(questions.createdAt), desc(questions.id)];
  const rows = await selectQuestions(db, viewerId, and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encode([last.likeCount, last.cursorTime, last.id]) : null;

  let pinned: QuestionRow | undefined;
  if (!options.cursor) {
    [pinned] = await selectQuestions(
      db,
      viewerId,
      and(
        eq(questions.groupId, group.id),
        sessionCondition,
        isNotNull(questions.pinnedAt),
        sql`${questions.status} <> 'pending'`,
        eq(questions.isHidden, false),
      ),
    ).limit(1);
  }
  return {
    pinned: pinned ? presentQuestion(pinned, viewerId) : null,
    questions: page.map((row) => presentQuestion(row, viewerId)),
    nextCursor,
  };
}
