import { createContext, use, useState, type ReactNode } from 'react';

import {
  useGatedAction,
  type GatedAction,
  type GateGroup,
  type GateSubscribe,
} from '#client/features/gate/hooks/use-gated-action.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

// The gate's dialog loads the first time it opens: most visits never meet it.
const gateDialog = lazyComponent(() =>
  import('./subscribe-gate-dialog.tsx').then((module) => module.SubscribeGateDialog),
);

const GroupGateContext = createContext<GatedAction['run'] | null>(null);

/**
 * One subscribe gate for everything inside a group's page: the group's Like now, its posts,
 * questions and comments later. Children guard an action with `useGroupGate()`. `subscribe` is
 * the groups feature's subscription, handed in by the page: the gate does not import groups.
 */
export function GroupGateProvider({
  group,
  access,
  subscribe,
  children,
}: {
  group: GateGroup;
  access: GroupAccess | null | undefined;
  subscribe: GateSubscribe;
  children: ReactNode;
}) {
  const { run, dialog } = useGatedAction(group, access, subscribe);
  const [isActive, setIsActive] = useState(false);
  const isOpen = dialog.action !== null;
  // Once opened, the dialog stays mounted, as it always was.
  if (isOpen && !isActive) setIsActive(true);
  const isLoaded = gateDialog.useLoaded(isActive || isOpen);
  return (
    <GroupGateContext value={run}>
      {children}
      {isLoaded && (isActive || isOpen) ? <gateDialog.Component {...dialog} /> : null}
    </GroupGateContext>
  );
}

/** The gate of the group page around: `run(action, target, fn)` (see useGatedAction). */
export function useGroupGate(): GatedAction['run'] {
  const run = use(GroupGateContext);
  if (!run) throw new Error('useGroupGate needs a GroupGateProvider');
  return run;
}
