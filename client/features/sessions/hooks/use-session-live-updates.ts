import { useQueryClient } from '@tanstack/react-query';

import { queueKeys } from '#client/features/content/api/query-keys.ts';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import {
  CONTENT_LIVE_EVENTS,
  LEDGER_LIVE_EVENTS,
  SESSION_LIVE_EVENTS,
  groupTopic,
  sessionTopic,
} from '#shared/constants/live.ts';

import { sessionKeys } from '../api/query-keys.ts';

/**
 * Keeps a session page current from `session:{id}`: state changes and edits read the session
 * again, a deletion calls `onDeleted`, arrivals and departures read the viewers again; after a
 * drop of the live channel, all of it is read again.
 */
export function useSessionLiveUpdates(sessionId: string, onDeleted: () => void): void {
  const queryClient = useQueryClient();
  useLiveTopic(
    sessionTopic(sessionId),
    (event) => {
      switch (event.event) {
        case SESSION_LIVE_EVENTS.started:
        case SESSION_LIVE_EVENTS.ended:
        case SESSION_LIVE_EVENTS.updated:
          void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) });
          void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
          break;
        case SESSION_LIVE_EVENTS.deleted:
          onDeleted();
          break;
        case SESSION_LIVE_EVENTS.presenceChanged:
          void queryClient.invalidateQueries({ queryKey: sessionKeys.viewers(sessionId) });
          break;
      }
    },
    () => {
      // back after a drop: the session (a deletion shows as its absence) and its viewers are read again
      void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.viewers(sessionId) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
    },
  );
}

/**
 * Keeps a group's sessions current from `group:{groupId}`: its list of sessions, and what a
 * session page shows of its questions beyond the queue (the queue itself: useContentLiveUpdates).
 * Questions carried over (or the answer-later list cleared) read the queue, the sessions involved
 * and the carry previews again; a question's change reads the previews and the ledger totals
 * again (asked, answered), and so does a new ledger entry.
 */
export function useGroupSessionsLiveUpdates(groupId: string): void {
  const queryClient = useQueryClient();
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
  };
  const readQuestionsAgain = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.carries() });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.ledgerTotalsAll() });
  };
  useLiveTopic(
    groupTopic(groupId),
    (event) => {
      if (event.event.startsWith('session.')) readAgain();
      else if (event.event === CONTENT_LIVE_EVENTS.questionsCarried) {
        readAgain();
        readQuestionsAgain();
        void queryClient.invalidateQueries({ queryKey: queueKeys.lists(groupId) });
        for (const sessionId of [event.ids.sessionId, event.data?.toSessionId]) {
          if (typeof sessionId === 'string') {
            void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) });
          }
        }
      } else if (event.event.startsWith('question.') || event.event === LEDGER_LIVE_EVENTS.entryAdded) {
        readQuestionsAgain();
      }
    },
    () => {
      readAgain();
      readQuestionsAgain();
    },
  );
}
