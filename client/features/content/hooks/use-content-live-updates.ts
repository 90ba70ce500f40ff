import { useQueryClient } from '@tanstack/react-query';

import { commentKeys, postKeys, queueKeys } from '#client/features/content/api/query-keys.ts';
import { showLikeState } from '#client/features/content/api/set-like.ts';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { CONTENT_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';

const E = CONTENT_LIVE_EVENTS;

/**
 * Keeps a group's posts, comments, likes and question queue current from the live channel
 * (`group:{groupId}`): the small events patch a count or invalidate the lists they touch, and
 * the REST API stays the source of truth. After the channel comes back from a drop, every
 * list of the group is read again, so whatever happened while away shows up.
 */
export function useContentLiveUpdates(groupId: string) {
  const queryClient = useQueryClient();

  useLiveTopic(
    groupTopic(groupId),
    (event) => {
      const data = event.data ?? {};
      switch (event.event) {
        case E.postCreated:
        case E.postUpdated:
        case E.postDeleted:
          void queryClient.invalidateQueries({ queryKey: postKeys.feed(groupId) });
          break;
        case E.commentCreated:
        case E.commentUpdated:
        case E.commentDeleted: {
          const parentId = String(event.ids.parentId ?? '');
          const parentType = data.parentType === 'question' ? 'question' : 'post';
          if (parentId) void queryClient.invalidateQueries({ queryKey: commentKeys.thread(parentType, parentId) });
          // The parent's comment count lives in the feed or the queue.
          if (event.event !== E.commentUpdated) {
            void queryClient.invalidateQueries({
              queryKey: parentType === 'post' ? postKeys.feed(groupId) : queueKeys.lists(groupId),
            });
          }
          break;
        }
        case E.likeChanged: {
          const targetId = String(event.ids.targetId ?? '');
          if (targetId && typeof data.likeCount === 'number') {
            showLikeState(queryClient, targetId, { likeCount: data.likeCount });
          }
          // A vote re-sorts the queue.
          if (data.targetType === 'question')
            void queryClient.invalidateQueries({ queryKey: queueKeys.lists(groupId) });
          break;
        }
        case E.questionMerged:
        case E.questionUnmerged: {
          // the target's pooled votes show at once; both questions (their pages too) and every
          // list are read again: the merged one leaves the lists, or comes back
          const intoId = typeof data.intoQuestionId === 'string' ? data.intoQuestionId : '';
          if (intoId && typeof data.likeCount === 'number') {
            showLikeState(queryClient, intoId, { likeCount: data.likeCount });
          }
          void queryClient.invalidateQueries({ queryKey: queueKeys.lists(groupId) });
          void queryClient.invalidateQueries({ queryKey: queueKeys.duplicates(groupId) });
          break;
        }
        case E.questionCreated:
        case E.questionUpdated:
        case E.questionDeleted:
        case E.questionAnswered:
        case E.questionPinned:
        case E.questionsCarried:
          void queryClient.invalidateQueries({ queryKey: queueKeys.lists(groupId) });
          // who may be merged into what changes with them
          void queryClient.invalidateQueries({ queryKey: queueKeys.duplicates(groupId) });
          break;
      }
    },
    () => {
      // The channel came back after a drop: what its events would have said is read again.
      void queryClient.invalidateQueries({ queryKey: postKeys.feed(groupId) });
      void queryClient.invalidateQueries({ queryKey: queueKeys.lists(groupId) });
      void queryClient.invalidateQueries({ queryKey: queueKeys.duplicates(groupId) });
      void queryClient.invalidateQueries({ queryKey: commentKeys.all });
    },
  );
}
