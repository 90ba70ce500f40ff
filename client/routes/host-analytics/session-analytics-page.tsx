import { useParams } from 'react-router';

import { SessionAnalytics } from '#client/features/host-analytics/components/analytics-views.tsx';

/** /event/:id/analytics: an AMA session's analytics, for its host and the administrators. */
export function SessionAnalyticsRoute() {
  const { id = '' } = useParams();
  return <SessionAnalytics key={id} sessionId={id} />;
}
