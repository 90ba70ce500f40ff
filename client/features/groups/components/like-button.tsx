import { Heart } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { useGroupGate } from '#client/features/gate/index.ts';
import { useLikeGroup } from '#client/features/groups/api/like-group.ts';
import { formatLikes } from '#client/features/groups/utils/format.ts';
import { cn } from '#client/lib/cn.ts';
import type { GroupAccess, GroupSummary } from '#shared/schemas/groups.ts';

/**
 * Like a group, through the subscribe gate: signed out it asks to sign in, a guest is offered
 * to subscribe and like in one step. The button ('Like', pressed when liked) changes at once
 * and the count beside it follows; a refusal takes it back.
 */
export function LikeButton({ group, access }: { group: GroupSummary; access: GroupAccess | undefined }) {
  const gate = useGroupGate();
  const like = useLikeGroup(group.id);
  const isLiked = access?.isLiked ?? false;

  return (
    <div className="flex items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={isLiked}
        onClick={() => void gate('like', 'group', () => like.mutateAsync(!isLiked))}
      >
        <Heart aria-hidden className={cn(isLiked && 'fill-primary text-primary')} />
        Like
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums" data-testid="like-count">
        {formatLikes(group.likeCount)}
      </span>
    </div>
  );
}
