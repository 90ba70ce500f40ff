import { and, desc, isNull, sql } from 'drizzle-orm';
import type { PersonResult } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { allWordsScore, anyOf, idMatchesAny, longestWordIn } from './match.ts';
import type { SearchText } from './search-text.ts';

/**
 * People whose name or username matches, best first; never disabled accounts. One or two
 * characters match the start of the username or the name (btree text_pattern_ops indexes);
 * longer texts also match by pg_trgm word similarity (name) and typo-tolerant words (name,
 * username; trigram indexes).
 * Exact, then prefix matches rank first; followers break ties.
 */
export async function searchPeople(options: {
  db: Queryable;
  text: SearchText;
  offset: number;
  limit: number;
  /** How many of each way of matching are ranked (the best of them are the results). */
  candidates: number;
}): Promise<PersonResult[]> {
  const { db, text } = options;
  const username = sql`lower(${users.username})`;
  const name = sql`lower(${users.name})`;
  const active = isNull(users.disabledAt);
  const startsWith = [sql`${username} like ${text.prefix}`, sql`${name} like ${text.prefix}`];
  const columns = {
    id: users.id,
    username: users.username,
    name: users.name,
    profileImageURL: users.profileImageUrl,
    quote: users.quote,
    followers: users.followers,
  };
  if (!text.isLong) {
    // One or two characters: the most followed people whose username or name starts so (the
    // planner walks the followers index when most names match, the prefix indexes otherwise).
    return db
      .select(columns)
      .from(users)
      .where(and(active, anyOf(startsWith) ?? sql`false`))
      .orderBy(desc(users.followers), desc(users.id))
      .limit(options.limit)
      .offset(options.offset);
  }
  const arms = [...startsWith, sql`${text.text} <% ${users.name}`, sql`${text.lower} <% ${username}`];
  const word = longestWordIn(sql`${users.name}`, text);
  if (word) arms.push(word);
  const closeness = sql`3 * greatest(similarity(${users.name}, ${text.text}), word_similarity(${text.text}, ${users.name}),
      similarity(${username}, ${text.lower}), word_similarity(${text.lower}, ${username}))
    + 2 * greatest(${allWordsScore(sql`${users.name}`, text)}, ${allWordsScore(username, text)})`;
  const score = sql<number>`(case when ${username} = ${text.lower} then 10 when ${name} = ${text.lower} then 9
      when ${username} like ${text.prefix} then 6 when ${name} like ${text.prefix} then 5 else 0 end) + ${closeness}`;
  const matching = idMatchesAny(
    users.id,
    users,
    arms.map((arm) => sql`${arm} and ${active}`),
    { popularity: sql`${users.followers} desc, ${users.id} desc`, limit: options.candidates },
  );
  const rows = await db
    .select({ ...columns, score: score.as('score') })
    .from(users)
    .where(matching)
    .orderBy(sql`score desc`, desc(users.followers), desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ score: _score, ...person }) => person);
}
