import { useQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { DashboardResponse } from '#shared/schemas/discovery.ts';

import { discoveryKeys } from './query-keys.ts';

const EMPTY: DashboardResponse = {
  groups: [],
  totals: { subscribers: 0, unanswered: 0, pending: 0 },
  upcomingSessions: [],
  activity: [],
};

/** GET /api/me/dashboard: the groups I host with their counts, upcoming sessions, recent activity. */
export function getDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/api/me/dashboard', { signal });
}

/** The creator dashboard of the signed-in person. */
export function useDashboard() {
  return useQuery({
    queryKey: discoveryKeys.dashboard(),
    queryFn: ({ signal, client }) => (hasSignedInSession(client) ? getDashboard({ signal }) : Promise.resolve(EMPTY)),
  });
}
