import type { SessionView } from '#shared/schemas/sessions.ts';

/** Query keys of AMA sessions. */
export const sessionKeys = {
  all: ['sessions'] as const,
  /** The /events lists, every view. */
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (view: SessionView) => [...sessionKeys.lists(), view] as const,
  group: (groupId: string) => [...sessionKeys.all, 'group', groupId] as const,
  detail: (sessionId: string) => [...sessionKeys.all, 'detail', sessionId] as const,
  viewers: (sessionId: string) => [...sessionKeys.all, 'viewers', sessionId] as const,
};
