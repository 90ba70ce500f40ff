import type { MySessionsScope } from '#shared/schemas/discovery.ts';

/** Query keys of discovery: the home feed, my sessions, the dashboard and the landing page's groups. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  /** Signed-in only: cleared with the session like every other cache. */
  feed: () => [...discoveryKeys.all, 'feed'] as const,
  mySessions: (scope: MySessionsScope) => [...discoveryKeys.all, 'my-sessions', scope] as const,
  dashboard: () => [...discoveryKeys.all, 'dashboard'] as const,
  popularGroups: (limit: number) => [...discoveryKeys.all, 'popular-groups', limit] as const,
};
