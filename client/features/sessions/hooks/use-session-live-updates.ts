import { useQueryClient } from '@tanstack/react-query';

import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { SESSION_LIVE_EVENTS, groupTopic, sessionTopic } from '#shared/constants/live.ts';

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

/** Keeps a group's list of sessions current from `group:{groupId}`. */
export function useGroupSessionsLiveUpdates(groupId: string): void {
  const queryClient = useQueryClient();
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.group(groupId) });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
  };
  useLiveTopic(
    groupTopic(groupId),
    (event) => {
      if (event.event.startsWith('session.')) readAgain();
    },
    readAgain,
  );
}
