import { SEARCH_LIMITS, SEARCH_MESSAGES, type SearchResponse, type SearchType } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { searchPosts, searchQuestions } from './search-content.ts';
import { searchGroups } from './search-groups.ts';
import { searchPeople } from './search-people.ts';
import { decodeOffset, encodeOffset, searchText, type SearchText } from './search-text.ts';

/** The text of a search, trimmed and checked: too long is a 400 a person can read. */
export function checkedText(q: string): SearchText {
  const text = q.trim();
  if ([...text].length > SEARCH_LIMITS.queryMax)
    throw badRequest(SEARCH_MESSAGES.queryTooLong, { q: SEARCH_MESSAGES.queryTooLong });
  return searchText(text);
}

/**
 * One page (SEARCH_LIMITS.pageSize) of one tab of /search, best first. The cursor is an offset
 * into the same ranking (ties broken by id, so pages never repeat a result while nothing
 * changes); an empty text finds nothing.
 */
export async function runSearch(options: {
  db: Queryable;
  q: string;
  type: SearchType;
  cursor?: string | undefined;
}): Promise<SearchResponse> {
  const { db, type } = options;
  const text = checkedText(options.q);
  let offset = 0;
  if (options.cursor !== undefined) {
    const decoded = decodeOffset(options.cursor, SEARCH_LIMITS.resultsMax);
    if (decoded === null) throw badRequest(SEARCH_MESSAGES.badCursor, { cursor: SEARCH_MESSAGES.badCursor });
    offset = decoded;
  }
  const limit = Math.min(SEARCH_LIMITS.pageSize, SEARCH_LIMITS.resultsMax - offset);
  // Every page ranks the same candidates, so pages never overlap.
  const page = { db, text, offset, limit: limit + 1, candidates: SEARCH_LIMITS.resultsMax };
  const next = (count: number) =>
    count > limit && offset + limit < SEARCH_LIMITS.resultsMax ? encodeOffset(offset + limit) : null;
  if (text.text === '') return { type, results: [], nextCursor: null };
  switch (type) {
    case 'people': {
      const rows = await searchPeople(page);
      return { type, results: rows.slice(0, limit), nextCursor: next(rows.length) };
    }
    case 'groups': {
      const rows = await searchGroups(page);
      return { type, results: rows.slice(0, limit), nextCursor: next(rows.length) };
    }
    case 'questions': {
      const rows = await searchQuestions(page);
      return { type, results: rows.slice(0, limit), nextCursor: next(rows.length) };
    }
    case 'posts': {
      const rows = await searchPosts(page);
      return { type, results: rows.slice(0, limit), nextCursor: next(rows.length) };
    }
  }
}
