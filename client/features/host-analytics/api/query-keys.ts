/** Query keys of host analytics. */
export const hostAnalyticsKeys = {
  all: ['host-analytics'] as const,
  session: (sessionId: string) => [...hostAnalyticsKeys.all, 'session', sessionId] as const,
  group: (groupId: string) => [...hostAnalyticsKeys.all, 'group', groupId] as const,
};
