import { sql, type SQLWrapper } from 'drizzle-orm';
import { likes, type LikeTargetType } from '../db/schema/index.ts';
import type { ViewerParam } from './viewer.ts';

/**
 * Whether the viewer likes the `targetType` item whose id is `id`, as a column of a select:
 * one index probe of `likes` per row; a constant false signed out.
 */
export function viewerLikes(viewerId: ViewerParam, targetType: LikeTargetType, id: SQLWrapper) {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${likes} where ${likes.targetType} = ${targetType} and ${likes.targetId} = ${id}::text and ${likes.userId} = ${viewerId})`;
}
