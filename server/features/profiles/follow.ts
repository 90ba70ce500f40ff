import { and, eq, sql } from 'drizzle-orm';
import { FOLLOW_MESSAGES, PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import type { FollowResponse } from '#shared/schemas/profiles.ts';
import type { Transaction } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { createNotifications } from '../notifications/public.ts';
import { isUserId } from './update-profile.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { hasPgCode } from '../../lib/database-errors.ts';

/**
 * Moves the two counters of one follow by `delta` (+1 or -1). The rows are updated in id
 * order, so two people following each other at the same moment cannot deadlock.
 */
async function moveCounters(tx: Transaction, followerId: string, followedId: string, delta: 1 | -1): Promise<void> {
  for (const id of [followerId, followedId].sort()) {
    await tx
      .update(users)
      .set(
        id === followedId
          ? { followers: sql`${users.followers} + ${delta}` }
          : { following: sql`${users.following} + ${delta}` },
      )
      .where(eq(users.id, id));
  }
}

function checkTarget(viewer: Viewer | null, userId: string): Viewer {
  if (!isUserId(userId)) throw new AppError(400, 'invalid_user_id', PROFILE_MESSAGES.invalidUserId);
  if (!viewer) throw unauthenticated(FOLLOW_MESSAGES.unauthenticated);
  if (viewer.id === userId) throw badRequest(FOLLOW_MESSAGES.self);
  return viewer;
}

/**
 * Follows or unfollows a person, idempotently. The follow row and both counters change in one
 * transaction, and the counters move only when a row was really inserted or deleted, so they
 * always equal the rows, whatever runs at the same time. `isNew` says a follow was created
 * (the followed person may be told by e-mail); then, in the same transaction, they get a
 * 'new_follower' notification.
 */
export async function setFollow(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  userId: string;
  isFollowing: boolean;
}): Promise<FollowResponse & { isNew: boolean }> {
  const { userId } = options;
  const viewer = checkTarget(options.viewer, userId);
  const change = options.transaction(async (tx, { emit }) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw notFound(FOLLOW_MESSAGES.notFound);
    const changed = options.isFollowing
      ? await tx
          .insert(follows)
          .values({ followerId: viewer.id, followedId: userId })
          .onConflictDoNothing()
          .returning({ followedId: follows.followedId })
      : await tx
          .delete(follows)
          .where(and(eq(follows.followerId, viewer.id), eq(follows.followedId, userId)))
          .returning({ followedId: follows.followedId });
    if (changed.length > 0) await moveCounters(tx, viewer.id, userId, options.isFollowing ? 1 : -1);
    if (options.isFollowing && changed.length > 0) {
      await createNotifications(tx, emit, [
        { userId, kind: 'new_follower', actorId: viewer.id, targetType: 'user', targetId: viewer.id },
      ]);
    }
    const [counts] = await tx.select({ followers: users.followers }).from(users).where(eq(users.id, userId)).limit(1);
    if (!counts) throw notFound(FOLLOW_MESSAGES.notFound);
    return {
      isFollowing: options.isFollowing,
      followers: counts.followers,
      isNew: options.isFollowing && changed.length > 0,
    };
  });
  // the person was deleted between our look-up and the insert
  return change.catch((error: unknown) => {
    throw hasPgCode(error, '23503') ? notFound(FOLLOW_MESSAGES.notFound) : error;
  });
}
