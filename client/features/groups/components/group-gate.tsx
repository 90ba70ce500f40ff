import { createContext, use, type ReactNode } from 'react';

import { useGatedAction, type GatedAction, type GateGroup } from '#client/features/groups/hooks/use-gated-action.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

import { SubscribeGateDialog } from './subscribe-gate-dialog.tsx';

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
  return (
    <GroupGateContext value={run}>
      {children}
      <SubscribeGateDialog {...dialog} />
    </GroupGateContext>
  );
}

/** The gate of the group page around: `run(action, target, fn)` (see useGatedAction). */
export function useGroupGate(): GatedAction['run'] {
  const run = use(GroupGateContext);
  if (!run) throw new Error('useGroupGate needs a GroupGateProvider');
  return run;
}
