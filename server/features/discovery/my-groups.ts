import { sql, type SQL } from 'drizzle-orm';
import type { ViewerParam } from '../../lib/viewer.ts';

/**
 * The ids of the groups a person keeps up with: those they subscribe to, are a member of or
 * host, and those hosted by the people they follow. Each branch walks an index keyed by the
 * person (group_subscriptions_user_created_idx, group_members_user_idx,
 * groups_owner_created_idx, follows_follower_created_idx); `union` drops repeats.
 */
export function myGroupIds(
  userId: Exclude<ViewerParam, null>,
  { isFollowedIncluded }: { isFollowedIncluded: boolean },
): SQL {
  const followed = isFollowedIncluded
    ? sql`union
      select g.id from follows f join groups g on g.owner_id = f.followed_id where f.follower_id = ${userId}`
    : sql``;
  return sql`(
    select group_id from group_subscriptions where user_id = ${userId}
    union select group_id from group_members where user_id = ${userId}
    union select id from groups where owner_id = ${userId}
    ${followed}
  )`;
}
