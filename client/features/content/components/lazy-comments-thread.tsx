import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import type { CommentParentType } from '#client/features/content/api/query-keys.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';

const thread = lazyComponent(() => import('./comments-thread.tsx').then((module) => module.CommentsThread));

/**
 * The comments of a post or question (comments-thread.tsx), whose code loads when a card first
 * opens its comments: a group or session page of closed cards does not fetch it. Until it has
 * arrived it shows what the thread shows while its comments load. The pages that open comments
 * at once preload it with the page (shared/lib/route-modules.ts).
 */
export function CommentsThread(props: { parentType: CommentParentType; parentId: string }) {
  const isLoaded = thread.useLoaded(true);
  if (isLoaded) return <thread.Component {...props} />;
  return (
    <section aria-label="Comments" className="grid gap-3 border-t pt-3">
      <ListSkeleton rows={2} label="Loading comments" />
    </section>
  );
}
