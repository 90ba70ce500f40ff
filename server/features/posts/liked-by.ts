import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { GroupPerson } from '#shared/schemas/groups.ts';
import { CONTENT_LIMITS } from '#shared/schemas/posts.ts';
import type { LikeTargetType } from '../../db/schema/index.ts';

/**
 * The newest few people who liked the `targetType` item whose id is `idColumn` (for the avatar
 * group), as a JSON array of people in the API's shape, newest first: a column of the item's own
 * select, so a page of items and their likers are one statement. Each item walks
 * likes_target_recent_idx for at most CONTENT_LIMITS.likedByPreview rows, in its order (no sort).
 */
export function newestLikers(targetType: LikeTargetType, idColumn: SQLWrapper): SQL<GroupPerson[]> {
  return sql<GroupPerson[]>`(
    select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name,
                                               'profileImageURL', u.profile_image_url)
                             order by recent.created_at desc, recent.user_id desc), '[]'::json)
    from (
      select l.user_id, l.created_at from likes l
      where l.target_type = ${targetType} and l.target_id = ${idColumn}::text
      order by l.created_at desc, l.user_id desc
      limit ${sql.raw(String(CONTENT_LIMITS.likedByPreview))}
    ) as recent
    join users u on u.id = recent.user_id)`;
}
