import { useCallback } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { useSignOut } from '#client/features/accounts/api/sign-out.ts';

/** Signs out of this browser, then says so in a toast (or says what went wrong). */
export function useLogOut() {
  const { mutateAsync, isPending } = useSignOut();
  const logOut = useCallback(async (): Promise<boolean> => {
    try {
      await mutateAsync();
      // One id, so signing out twice in a row shows one toast, not two.
      toast.success('Signed out', { id: 'signed-out' });
      return true;
    } catch (error) {
      toast.error('Could not sign out', { description: error instanceof Error ? error.message : undefined });
      return false;
    }
  }, [mutateAsync]);
  return { logOut, isPending };
}
