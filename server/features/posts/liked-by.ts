import { sql } from 'drizzle-orm';
import { CONTENT_LIMITS, type LikedBy } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import type { LikeTargetType } from '../../db/schema/index.ts';
import { presentPerson } from './presenter.ts';

interface LikerRow extends Record<string, unknown> {
  target_id: string;
  id: string;
  username: string;
  name: string;
  profile_image_url: string;
}

/**
 * The newest few people who liked each of `targets` (for the avatar group), in one query
 * whatever the number of targets: a lateral join walks likes_target_created_idx per target.
 * `total` is the target's own likeCount, which moves in the same transaction as the rows.
 */
export async function loadLikedBy(
  db: Queryable,
  targetType: LikeTargetType,
  targets: readonly { id: string; likeCount: number }[],
): Promise<Map<string, LikedBy>> {
  const result = new Map<string, LikedBy>(
    targets.map((target) => [target.id, { people: [], total: target.likeCount }]),
  );
  const ids = targets.filter((target) => target.likeCount > 0).map((target) => target.id);
  if (ids.length === 0) return result;
  const { rows } = await db.execute<LikerRow>(sql`
    select t.id as target_id, u.id, u.username, u.name, u.profile_image_url
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]) as t(id)
    cross join lateral (
      select l.user_id, l.created_at from likes l
      where l.target_type = ${targetType} and l.target_id = t.id
      order by l.created_at desc, l.user_id desc
      limit ${CONTENT_LIMITS.likedByPreview}
    ) as recent
    join users u on u.id = recent.user_id
    order by t.id, recent.created_at desc, recent.user_id desc`);
  for (const row of rows) {
    result
      .get(row.target_id)
      ?.people.push(
        presentPerson({ id: row.id, username: row.username, name: row.name, profileImageUrl: row.profile_image_url }),
      );
  }
  return result;
}
