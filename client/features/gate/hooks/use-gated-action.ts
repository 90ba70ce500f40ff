import { useCallback, useRef, useState } from 'react';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { isSignInRequired, isSubscriptionRequired } from '#client/features/gate/utils/gate-errors.ts';
import {
  checkPermission,
  GATE_TEXTS,
  type InteractionAction,
  type InteractionTarget,
} from '#shared/lib/permissions.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

/** An action the gate guards: its work, which may fail with the server's 401 or 403. */
export type GatedFn = () => Promise<unknown> | void;

/** The group a gate subscribes to. */
export type GateGroup = { id: string };

/**
 * Subscribes the viewer to the group `groupId`; rejects when that failed. The groups feature's
 * subscription (its toasts and cache updates), handed in where the gate is mounted.
 */
export type GateSubscribe = (groupId: string) => Promise<unknown>;

/** What the gate remembers while its dialog is open: the action and the group. */
type PendingAction = { action: InteractionAction; fn: GatedFn; group: GateGroup };

/** Props the hook hands to <SubscribeGateDialog>. */
export type SubscribeGateDialogState = {
  /** The blocked action, which titles the dialog; null when closed. */
  action: InteractionAction | null;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** What useGatedAction gives: the guarded runner and the dialog's state. */
export type GatedAction = {
  /**
   * Runs `fn` if the viewer may do `action` on `target` in the group; otherwise signs in,
   * opens the subscribe gate, or says 'Access Denied'.
   */
  run: (action: InteractionAction, target: InteractionTarget, fn: GatedFn) => Promise<void>;
  dialog: SubscribeGateDialogState;
};

/**
 * The gate flow for one group. Not signed in: the sign-in modal. Signed in:
 * the shared permission rule on the viewer's role. Allowed: `fn` runs. A subscription would
 * allow it: the subscribe gate opens, remembering the action; confirming subscribes (`subscribe`),
 * runs the action, then closes; Cancel forgets it. Anything else: an 'Access Denied' toast with the
 * rule's reason. A server refusal of `fn` with 403 `subscription_required` (the role here was
 * stale) opens the gate too, and a 401 opens the sign-in modal.
 */
export function useGatedAction(
  group: GateGroup | null,
  access: GroupAccess | null | undefined,
  subscribe: GateSubscribe,
): GatedAction {
  const { user } = useSession();
  const { openSignIn } = useSignInModal();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // A confirm pressed twice must not subscribe and act twice.
  const isConfirming = useRef(false);
  const role = access?.role ?? 'unknown';

  const runChecked = useCallback(
    async (action: InteractionAction, fn: GatedFn, gateGroup: GateGroup) => {
      try {
        await fn();
      } catch (error) {
        if (isSubscriptionRequired(error)) setPending({ action, fn, group: gateGroup });
        else if (isSignInRequired(error)) openSignIn();
        // Any other failure is the action's own to report (its mutation shows a toast).
      }
    },
    [openSignIn],
  );

  const run = useCallback(
    async (action: InteractionAction, target: InteractionTarget, fn: GatedFn) => {
      if (!user) {
        openSignIn();
        return;
      }
      if (!group) return;
      const result = checkPermission(role, action, target);
      if (result.allowed) {
        await runChecked(action, fn, group);
        return;
      }
      if (result.requirements.includes('subscription')) {
        setPending({ action, fn, group });
        return;
      }
      toast.destructive(GATE_TEXTS.deniedTitle, { description: result.reason ?? GATE_TEXTS.deniedFallback });
    },
    [user, group, role, openSignIn, runChecked],
  );

  const handleConfirm = useCallback(() => {
    if (!pending || isConfirming.current) return;
    isConfirming.current = true;
    setIsBusy(true);
    void (async () => {
      try {
        await subscribe(pending.group.id);
      } catch {
        // The failure toast is the subscription's; the dialog stays for another try or Cancel.
        setIsBusy(false);
        isConfirming.current = false;
        return;
      }
      try {
        await pending.fn();
      } catch (error) {
        if (isSignInRequired(error)) openSignIn();
      }
      setIsBusy(false);
      setPending(null);
      isConfirming.current = false;
    })();
  }, [pending, subscribe, openSignIn]);

  const handleCancel = useCallback(() => {
    if (isConfirming.current) return;
    setPending(null);
  }, []);

  return {
    run,
    dialog: { action: pending?.action ?? null, isBusy, onConfirm: handleConfirm, onCancel: handleCancel },
  };
}
