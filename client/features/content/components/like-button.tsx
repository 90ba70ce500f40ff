import { ArrowBigUp, Heart } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { useSetLike, type LikeState, type LikeTargetType } from '#client/features/content/api/set-like.ts';
import { useGroupGate } from '#client/features/gate/index.ts';
import { cn } from '#client/lib/cn.ts';

const countFormat = new Intl.NumberFormat('en');

/** Props of ContentLikeButton. */
export type ContentLikeButtonProps = LikeState & {
  targetType: LikeTargetType;
  targetId: string;
  /** What the gate checks the like against: the feed or the question queue. */
  gateTarget: 'posts' | 'questionQueue';
  /** 'like' shows a heart named 'Like'; 'vote' an arrow named 'Upvote' (questions). */
  kind?: 'like' | 'vote';
};

/**
 * Like (or upvote) a post, comment, question or answer through the group's gate. Pressed when
 * liked; the count beside it moves at once and goes back if the server refuses.
 */
export function ContentLikeButton({
  targetType,
  targetId,
  isLiked,
  likeCount,
  gateTarget,
  kind = 'like',
}: ContentLikeButtonProps) {
  const gate = useGroupGate();
  const like = useSetLike(targetType, targetId);
  const Icon = kind === 'vote' ? ArrowBigUp : Heart;

  return (
    <span className="inline-flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={isLiked}
        aria-label={kind === 'vote' ? 'Upvote' : 'Like'}
        onClick={() =>
          void gate('like', gateTarget, () => like.mutateAsync({ like: !isLiked, before: { isLiked, likeCount } }))
        }
      >
        <Icon aria-hidden className={cn(isLiked && 'fill-primary text-primary')} />
      </Button>
      <span className="text-sm text-muted-foreground tabular-nums" data-testid={`like-count-${targetId}`}>
        {countFormat.format(likeCount)}
      </span>
    </span>
  );
}
