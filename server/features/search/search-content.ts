import { desc, eq, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { ANONYMOUS_AUTHOR } from '#shared/schemas/questions.ts';
import { SEARCH_LIMITS, searchHrefs, type PostResult, type QuestionResult } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, posts, questions, users } from '../../db/schema/index.ts';
import type { SearchText } from './search-text.ts';
import { isoTime } from '../../lib/iso-time.ts';

/** Content search needs two characters at least (a one-letter word is in nearly every text). */
const CONTENT_MIN_LENGTH = 2;
/** Words of a search this long or longer that no text has are read as typos. */
const TYPO_MIN_LENGTH = 5;
/** Words of the lexicon that stand in for one misspelled word. */
const TYPO_ALTERNATIVES = 3;

/**
 * The full-text query of a search: its words ('simple' configuration, all of them), where a word
 * of five letters or more that no post or question has ever had (it is not in search_terms)
 * becomes "it or one of the three words of the lexicon closest to it" (pg_trgm similarity, over
 * its threshold), which forgives a typo. Every piece is a plainto_tsquery of a bound parameter,
 * so no text of a person is ever read as tsquery syntax. Null when the text is too short.
 */
export async function contentQuery(db: Queryable, text: SearchText): Promise<SQL | null> {
  if ([...text.text].length < CONTENT_MIN_LENGTH || !text.hasWords) return null;
  let query = sql`plainto_tsquery('simple', ${text.text})`;
  // No word of five letters or more: nothing to look up.
  if (!/[\p{L}\p{N}]{5}/u.test(text.text)) return query;
  // The words as PostgreSQL reads them (the same parser as the stored search_vector). A word
  // with two neighbouring letters swapped ("pyhton") shares too few trigrams with the word meant,
  // so its spellings with two neighbouring letters swapped back are looked up too, and come first.
  const result = await db.execute<{ word: string; alternatives: string[] }>(sql`
    select word, array(
             select term from search_terms
              where term % word or term = any(swapped)
              order by term = any(swapped) desc, similarity(term, word) desc, term
              limit ${TYPO_ALTERNATIVES}
           ) as alternatives
      from (select word, array(
                     select overlay(word placing substr(word, i + 1, 1) || substr(word, i, 1) from i for 2)
                       from generate_series(1, char_length(word) - 1) as i
                   ) as swapped
              from (select distinct lexeme as word from unnest(to_tsvector('simple', ${text.text}))) as lexemes
           ) as words
     where char_length(word) between ${TYPO_MIN_LENGTH} and 40
       and not exists (select 1 from search_terms where term = word)`);
  for (const { word, alternatives } of result.rows) {
    if (alternatives.length === 0) continue;
    const one = (term: string) => sql`plainto_tsquery('simple', ${term})`;
    const either = sql.join([word, ...alternatives].map(one), sql` || `);
    query = sql`ts_rewrite(${query}, ${one(word)}, ${either})`;
  }
  return query;
}

/** How a text body matches the query (stored tsvector, GIN index) and its score. */
function bodyMatch(vector: SQL, query: SQL): { match: SQL; score: SQL } {
  return { match: sql`(${vector} @@ ${query})`, score: sql`ts_rank(${vector}, ${query})` };
}

interface ContentOptions {
  db: Queryable;
  text: SearchText;
  offset: number;
  limit: number;
  /** How many matches are ranked (the best of them are the results). */
  candidates: number;
}

/** What found content is ranked by: its score, then its likes, then the newest, then the id. */
interface RankColumns {
  id: PgColumn;
  likeCount: PgColumn;
  createdAt: PgColumn;
  score: SQL.Aliased<number>;
}

/** Best first; likes, then the newest, break ties; the id keeps the order stable across pages. */
function ranking(rows: RankColumns) {
  return [desc(rows.score), desc(rows.likeCount), desc(rows.createdAt), rows.id] as const;
}

/**
 * The page of the candidates: `query` (all of their columns, `$dynamic()`) ranked and cut to the
 * page before the joins, which then read one row each by primary key.
 */
function rankedPage<Query extends PgSelect>(query: Query, candidates: RankColumns, options: ContentOptions) {
  return query
    .orderBy(...ranking(candidates))
    .limit(options.limit)
    .offset(options.offset);
}

/** The columns of a page `withGroupAndAuthor` reads: the ranking and what it joins by. */
type PageColumns = Subquery & RankColumns & { groupId: PgColumn; authorId: PgColumn };

/** The rows of a page (`own`: their columns of it) with their group and author, best first. */
function withGroupAndAuthor<Own extends SelectedFields>(db: Queryable, page: PageColumns, own: Own) {
  return db
    .select({
      ...own,
      groupSlug: groups.slug,
      groupName: groups.name,
      authorId: users.id,
      authorUsername: users.username,
      authorName: users.name,
      authorImage: users.profileImageUrl,
    })
    .from(page)
    .innerJoin(groups, eq(groups.id, page.groupId))
    .innerJoin(users, eq(users.id, page.authorId))
    .orderBy(...ranking(page));
}

/**
 * What a question and a post found say alike: where, how liked, when and by whom (of an anonymous
 * question, `ANONYMOUS_AUTHOR`: a search result never tells who asked it).
 */
function presentFound(row: {
  groupSlug: string;
  groupName: string;
  likeCount: number;
  createdAt: Date;
  authorId: string;
  authorUsername: string;
  authorName: string;
  authorImage: string;
  isAnonymous?: boolean;
}) {
  return {
    groupSlug: row.groupSlug,
    groupName: row.groupName,
    likeCount: row.likeCount,
    createdAt: isoTime(row.createdAt),
    author:
      row.isAnonymous === true
        ? { ...ANONYMOUS_AUTHOR }
        : { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
  };
}

/**
 * Questions others may see (not pending, not hidden) whose text matches, best first; likes
 * break ties. At most `candidates` matches are ranked, so a word found in most texts costs a
 * bounded amount of work; questions of a deleted group are gone with it.
 */
export async function searchQuestions(options: ContentOptions): Promise<QuestionResult[]> {
  const { db } = options;
  const query = await contentQuery(db, options.text);
  if (!query) return [];
  const found = bodyMatch(sql`${questions.searchVector}`, query);
  const candidates = db
    .select({
      id: questions.id,
      body: questions.body,
      status: questions.status,
      likeCount: questions.likeCount,
      createdAt: questions.createdAt,
      groupId: questions.groupId,
      authorId: questions.authorId,
      isAnonymous: questions.isAnonymous,
      score: sql<number>`${found.score}`.as('score'),
    })
    .from(questions)
    // a merged question is found through the question it went into
    .where(
      sql`${questions.status} <> 'pending' and not ${questions.isHidden} and ${questions.mergedIntoId} is null and ${found.match}`,
    )
    .limit(options.candidates)
    .as('candidates');
  const page = rankedPage(db.select().from(candidates).$dynamic(), candidates, options).as('page');
  const rows = await withGroupAndAuthor(db, page, {
    id: page.id,
    body: page.body,
    status: page.status,
    likeCount: page.likeCount,
    createdAt: page.createdAt,
    isAnonymous: page.isAnonymous,
  });
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    isAnswered: row.status === 'answered',
    ...presentFound(row),
    href: searchHrefs.question(row.groupSlug, row.id),
  }));
}

/**
 * Posts whose text matches, best first; likes break ties. Posts of groups are public (decision
 * 013). Bounded and joined like questions.
 */
export async function searchPosts(options: ContentOptions): Promise<PostResult[]> {
  const { db } = options;
  const query = await contentQuery(db, options.text);
  if (!query) return [];
  const found = bodyMatch(sql`${posts.searchVector}`, query);
  const candidates = db
    .select({
      id: posts.id,
      excerpt: sql<string>`left(${posts.body}, ${SEARCH_LIMITS.excerptMax})`.as('excerpt'),
      likeCount: posts.likeCount,
      createdAt: posts.createdAt,
      groupId: posts.groupId,
      authorId: posts.authorId,
      score: sql<number>`${found.score}`.as('score'),
    })
    .from(posts)
    .where(found.match)
    .limit(options.candidates)
    .as('candidates');
  const page = rankedPage(db.select().from(candidates).$dynamic(), candidates, options).as('page');
  const rows = await withGroupAndAuthor(db, page, {
    id: page.id,
    excerpt: page.excerpt,
    likeCount: page.likeCount,
    createdAt: page.createdAt,
  });
  return rows.map((row) => ({
    id: row.id,
    excerpt: row.excerpt,
    ...presentFound(row),
    href: searchHrefs.post(row.groupSlug, row.id),
  }));
}
