import { desc, eq, sql } from 'drizzle-orm';
import type { GroupResult } from '#shared/schemas/search.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, users } from '../../db/schema/index.ts';
import { allWordsScore, anyOf, idMatchesAny, longestWordIn, tsQuery } from './match.ts';
import type { SearchText } from './search-text.ts';

/**
 * Groups whose name, slug or description matches, best first. One or two characters match
 * the start of the name or slug (btree text_pattern_ops indexes); longer texts also match the
 * words of name and description (full-text index) and the name by pg_trgm word similarity and
 * typo-tolerant words (trigram index). Exact, then prefix matches rank first; subscribers
 * break ties. A deleted group is gone with its rows.
 */
export async function searchGroups(options: {
  db: Queryable;
  text: SearchText;
  offset: number;
  limit: number;
  /** How many of each way of matching are ranked (the best of them are the results). */
  candidates: number;
}): Promise<GroupResult[]> {
  const { db, text } = options;
  const name = sql`lower(${groups.name})`;
  const slug = sql`lower(${groups.slug})`;
  const document = sql`to_tsvector('simple', ${groups.name} || ' ' || ${groups.description})`;
  const hasWords = text.isLong && text.hasWords;
  const arms = [sql`${name} like ${text.prefix}`, sql`${slug} like ${text.prefix}`];
  if (text.isLong) {
    if (hasWords) arms.push(sql`${document} @@ ${tsQuery(text)}`);
    arms.push(sql`${text.text} <% ${groups.name}`);
    const word = longestWordIn(sql`${groups.name}`, text);
    if (word) arms.push(word);
  }
  const closeness = text.isLong
    ? sql`3 * greatest(similarity(${groups.name}, ${text.text}), word_similarity(${text.text}, ${groups.name}))
          + 2 * ${allWordsScore(sql`${groups.name}`, text)}
          ${hasWords ? sql`+ (case when ${document} @@ ${tsQuery(text)} then 1 + ts_rank(${document}, ${tsQuery(text)}) else 0 end)` : sql``}`
    : sql`0`;
  const score = text.isLong
    ? sql<number>`(case when ${name} = ${text.lower} or ${slug} = ${text.lower} then 10
        when ${name} like ${text.prefix} then 6 when ${slug} like ${text.prefix} then 5 else 0 end) + ${closeness}`
    : // One or two characters: the most subscribed groups whose name or slug starts so.
      sql<number>`0`;
  const where = text.isLong
    ? idMatchesAny(groups.id, groups, arms, {
        popularity: sql`${groups.subscriberCount} desc, ${groups.id} desc`,
        limit: options.candidates,
      })
    : (anyOf(arms) ?? sql`false`);
  // Ranked and cut to the page before the host is joined (one primary-key read per row).
  const page = db
    .select({
      id: groups.id,
      slug: groups.slug,
      name: groups.name,
      description: groups.description,
      groupImage: groups.groupImage,
      ama: groups.ama,
      subscriberCount: groups.subscriberCount,
      ownerId: groups.ownerId,
      score: score.as('score'),
    })
    .from(groups)
    .where(where)
    .orderBy(...(text.isLong ? [sql`score desc`] : []), desc(groups.subscriberCount), desc(groups.id))
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  const rows = await db
    .select({
      id: page.id,
      slug: page.slug,
      name: page.name,
      description: page.description,
      groupImage: page.groupImage,
      ama: page.ama,
      subscriberCount: page.subscriberCount,
      hostId: users.id,
      hostUsername: users.username,
      hostName: users.name,
      hostImage: users.profileImageUrl,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.ownerId))
    .orderBy(desc(page.score), desc(page.subscriberCount), desc(page.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    groupImage: row.groupImage,
    ama: row.ama,
    subscriberCount: row.subscriberCount,
    host: { id: row.hostId, username: row.hostUsername, name: row.hostName, profileImageURL: row.hostImage },
  }));
}
