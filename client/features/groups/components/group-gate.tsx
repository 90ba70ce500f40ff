import { createContext, use, useState, type ReactNode } from 'react';

import { useGatedAction, type GatedAction, type GateGroup } from '#client/features/groups/hooks/use-gated-action.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

// The gate's dialog loads the first time it opens: most visits never meet it.
const gateDialog = lazyComponent(() =>
  import('./subscribe-gate-dialog.tsx').then((module) => module.SubscribeGateDialog),
);

const GroupGateContext = createContext<GatedAction['run'] | null>(null);

/**
 * One subscribe gate for everything inside a group's page: the group's Like now, its posts,
 * questions and comments later. Children guard an action with `useGroupGate()`.
 */
export function GroupGateProvider({
  group,
  access,
  children,
}: {
  group: GateGroup;
  access: GroupAccess | null | undefined;
  children: ReactNode;
}) {
  const { run, dialog } = useGatedAction(group, access);
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
