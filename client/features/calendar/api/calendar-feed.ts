import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { CalendarFeedResponse } from '#shared/schemas/calendar-feeds.ts';

const PATH = '/api/me/calendar-feed';

/** Query key of the signed-in person's private calendar feed. */
export const calendarFeedKey = ['me', 'calendar-feed'] as const;

/** GET /api/me/calendar-feed: the private feed's address, or nulls when there is none. */
export function getCalendarFeed({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarFeedResponse> {
  return api.get<CalendarFeedResponse>(PATH, { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => getCalendarFeed({ signal }),
  });

/** The signed-in person's private calendar feed. */
export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /api/me/calendar-feed: makes the private feed, or gives it a new address (the old one stops working). */
export function rotateCalendarFeed(): Promise<CalendarFeedResponse> {
  return api.post<CalendarFeedResponse>(PATH, undefined);
}

/** DELETE /api/me/calendar-feed: turns the private feed off. */
export async function revokeCalendarFeed(): Promise<CalendarFeedResponse> {
  await api.delete<undefined>(PATH);
  return { url: null, createdAt: null };
}

/** Makes or resets the private feed; the answer is the new state of the query. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

/** Turns the private feed off. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
