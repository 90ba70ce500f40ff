import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { toast } from '#client/components/ui/toast.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { isGateError } from '#client/features/gate/index.ts';
import { api } from '#client/lib/api-client.ts';
import { updateCachedItems, type CachedItem } from '#client/lib/update-cached-items.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { GroupPerson } from '#shared/schemas/groups.ts';
import type { LIKE_TARGETS, LikeResponse } from '#shared/schemas/likes.ts';

/** What can be liked: posts, comments, questions (a vote) and answers. */
export type LikeTargetType = (typeof LIKE_TARGETS)[number];

/** The like state an item shows. */
export type LikeState = { isLiked: boolean; likeCount: number };

/** PUT (like) or DELETE (unlike) /api/likes/:targetType/:targetId; both idempotent. */
export function setLike({
  targetType,
  targetId,
  like,
}: {
  targetType: LikeTargetType;
  targetId: string;
  like: boolean;
}): Promise<LikeResponse> {
  const path = `/api/likes/${targetType}/${encodeURIComponent(targetId)}`;
  return like ? api.put<LikeResponse>(path, undefined) : api.delete<LikeResponse>(path);
}

function isLikedBy(value: unknown): value is { people: GroupPerson[]; total: number } {
  return typeof value === 'object' && value !== null && 'people' in value && 'total' in value;
}

/**
 * Shows a like state on the item `targetId` in every cache (feed, queue, thread, suggestions).
 * With `viewer`, the viewer joins or leaves the item's 'liked by' preview too.
 */
export function showLikeState(
  queryClient: QueryClient,
  targetId: string,
  state: Partial<LikeState>,
  viewer?: GroupPerson | null,
): void {
  updateCachedItems(queryClient, targetId, (item) => {
    if (typeof item.likeCount !== 'number') return item;
    const next: CachedItem = { ...item, ...state };
    if (viewer && state.isLiked !== undefined && state.isLiked !== item.isLiked && isLikedBy(item.likedBy)) {
      const others = item.likedBy.people.filter((person) => person.id !== viewer.id);
      next.likedBy = {
        people: state.isLiked ? [viewer, ...others].slice(0, CONTENT_LIMITS.likedByPreview) : others,
        total: Math.max(0, item.likedBy.total + (state.isLiked ? 1 : -1)),
      };
    }
    return next;
  });
}

const likeMutationKey = (targetId: string) => ['likes', 'set', targetId] as const;

/**
 * Likes or unlikes an item optimistically: every place that shows it changes at once; a failure
 * takes the change back; the server's answer (exact count) settles it. Refusals the subscribe
 * gate answers get no toast here (useGroupGate opens the gate).
 */
export function useSetLike(targetType: LikeTargetType, targetId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const viewer: GroupPerson | null = user?.profile
    ? {
        id: user.id,
        username: user.profile.username,
        name: user.profile.name,
        profileImageURL: user.profile.profileImageURL,
      }
    : null;
  return useMutation({
    mutationKey: likeMutationKey(targetId),
    mutationFn: ({ like }: { like: boolean; before: LikeState }) => setLike({ targetType, targetId, like }),
    retry: false,
    onMutate: ({ like, before }) => {
      const step = before.isLiked === like ? 0 : like ? 1 : -1;
      showLikeState(queryClient, targetId, { isLiked: like, likeCount: Math.max(0, before.likeCount + step) }, viewer);
    },
    onError: (error, { like, before }) => {
      showLikeState(queryClient, targetId, before, viewer);
      if (isGateError(error)) return;
      toast.error(like ? 'Could not like this' : 'Could not take the like back', { description: error.message });
    },
    onSuccess: (answer) => {
      // A later click is still on its way: its answer settles the state.
      if (queryClient.isMutating({ mutationKey: likeMutationKey(targetId) }) > 1) return;
      showLikeState(queryClient, targetId, answer);
    },
  });
}
