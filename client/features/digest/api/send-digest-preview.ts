import { useMutation } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

/** POST /api/admin/digest-preview: the digest as it would be now, to the administrator's own address. */
export async function sendDigestPreview(): Promise<{ sentTo: string }> {
  return api.post<{ sentTo: string }>('/api/admin/digest-preview', undefined);
}

/** Sends the signed-in administrator a preview of their weekly digest. */
export function useSendDigestPreview() {
  return useMutation({ mutationFn: sendDigestPreview, retry: false });
}
