import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { DigestSchedule, DigestScheduleResponse } from '#shared/schemas/digest-schedule.ts';

/** The query key of the signed-in person's digest schedule. */
export const digestScheduleQueryKey = ['me', 'digest-schedule'] as const;

/** GET /api/me/digest-schedule: when the signed-in person's weekly digest comes. */
export async function getDigestSchedule({ signal }: { signal?: AbortSignal } = {}): Promise<DigestSchedule> {
  const answer = await api.get<DigestScheduleResponse>('/api/me/digest-schedule', { signal });
  return answer.digestSchedule;
}

/** The digest schedule's query. */
export const digestScheduleQueryOptions = () =>
  queryOptions({ queryKey: digestScheduleQueryKey, queryFn: ({ signal }) => getDigestSchedule({ signal }) });

/** The signed-in person's digest schedule. */
export function useDigestSchedule({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...digestScheduleQueryOptions(), enabled: isEnabled });
}

/** PUT /api/me/digest-schedule: sets day, hour and time zone; answers what was stored. */
export async function updateDigestSchedule(schedule: DigestSchedule): Promise<DigestSchedule> {
  const answer = await api.put<DigestScheduleResponse>('/api/me/digest-schedule', schedule);
  return answer.digestSchedule;
}

/**
 * Saves a new schedule, shown at once; a refusal puts back what was there before. The server's
 * answer wins (it stores the time zone under its canonical name).
 */
export function useUpdateDigestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigestSchedule,
    retry: false,
    onMutate: async (schedule) => {
      await queryClient.cancelQueries({ queryKey: digestScheduleQueryKey });
      const before = queryClient.getQueryData<DigestSchedule>(digestScheduleQueryKey);
      queryClient.setQueryData<DigestSchedule>(digestScheduleQueryKey, schedule);
      return { before };
    },
    onError: (_error, _schedule, context) => {
      if (context?.before) queryClient.setQueryData(digestScheduleQueryKey, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(digestScheduleQueryKey, saved);
    },
  });
}
