import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMITS, searchHrefs, type PostResult, type QuestionResult } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, posts, questions, users } from '../../db/schema/index.ts';
import { tsQuery } from './match.ts';
import type { SearchText } from './search-text.ts';

/** Content search needs two characters at least (a one-letter word is in nearly every text). */
const CONTENT_MIN_LENGTH = 2;

/**
 * How a text body matches: its words (full-text index), and when the text has a word of five
 * letters or more, the text being close to some part of it (pg_trgm word similarity, trigram
 * index), which forgives a typo in such a word. Null when the text is too short to look for.
 */
function bodyMatch(body: SQL, text: SearchText): { match: SQL; score: SQL } | null {
  if ([...text.text].length < CONTENT_MIN_LENGTH || !text.hasWords) return null;
  const document = sql`to_tsvector('simple', ${body})`;
  const words = sql`(${document} @@ ${tsQuery(text)})`;
  // A typo is worth looking for in a word of five letters or more; for shorter texts the
  // trigram search would read most of the index for little.
  if (!/[\p{L}\p{N}]{5}/u.test(text.text)) {
    return { match: words, score: sql`ts_rank(${document}, ${tsQuery(text)})` };
  }
  const match = sql`(${words} or ${text.text} <% ${body})`;
  const score = sql`(case when ${words} then 1 + ts_rank(${document}, ${tsQuery(text)}) else 0 end)
    + 3 * word_similarity(${text.text}, ${body})`;
  return { match, score };
}

interface ContentOptions {
  db: Queryable;
  text: SearchText;
  offset: number;
  limit: number;
  /** How many matches are ranked (the best of them are the results). */
  candidates: number;
}

/**
 * Questions others may see (not pending, not hidden) whose text matches, best first; likes
 * break ties. At most `candidates` matches are ranked, so a word found in most texts costs a
 * bounded amount of work; questions of a deleted group are gone with it.
 */
export async function searchQuestions(options: ContentOptions): Promise<QuestionResult[]> {
  const { db, text } = options;
  const found = bodyMatch(sql`${questions.body}`, text);
  if (!found) return [];
  // Candidates (bounded) are ranked and cut to the page before the joins, which then read
  // one row each by primary key.
  const candidates = db
    .select({
      id: questions.id,
      body: questions.body,
      status: questions.status,
      likeCount: questions.likeCount,
      createdAt: questions.createdAt,
      groupId: questions.groupId,
      authorId: questions.authorId,
      score: sql<number>`${found.score}`.as('score'),
    })
    .from(questions)
    .where(sql`${questions.status} <> 'pending' and not ${questions.isHidden} and ${found.match}`)
    .limit(options.candidates)
    .as('candidates');
  const order = [
    desc(candidates.score),
    desc(candidates.likeCount),
    desc(candidates.createdAt),
    candidates.id,
  ] as const;
  const page = db
    .select()
    .from(candidates)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      body: page.body,
      status: page.status,
      likeCount: page.likeCount,
      createdAt: page.createdAt,
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
    .orderBy(desc(page.score), desc(page.likeCount), desc(page.createdAt), page.id);
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    groupSlug: row.groupSlug,
    groupName: row.groupName,
    likeCount: row.likeCount,
    isAnswered: row.status === 'answered',
    createdAt: row.createdAt.toISOString(),
    author: { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
    href: searchHrefs.question(row.groupSlug, row.id),
  }));
}

/**
 * Posts whose text matches, best first; likes break ties. Posts of groups are public (decision
 * 013). Bounded and joined like questions.
 */
export async function searchPosts(options: ContentOptions): Promise<PostResult[]> {
  const { db, text } = options;
  const found = bodyMatch(sql`${posts.body}`, text);
  if (!found) return [];
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
  const page = db
    .select()
    .from(candidates)
    .orderBy(desc(candidates.score), desc(candidates.likeCount), desc(candidates.createdAt), candidates.id)
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      excerpt: page.excerpt,
      likeCount: page.likeCount,
      createdAt: page.createdAt,
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
    .orderBy(desc(page.score), desc(page.likeCount), desc(page.createdAt), page.id);
  return rows.map((row) => ({
    id: row.id,
    excerpt: row.excerpt,
    groupSlug: row.groupSlug,
    groupName: row.groupName,
    likeCount: row.likeCount,
    createdAt: row.createdAt.toISOString(),
    author: { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
    href: searchHrefs.post(row.groupSlug, row.id),
  }));
}
