/**
 * The subscribe gate, the one entry point of this feature: everything outside it imports from
 * here. A group's page mounts <GroupGateProvider> (handing in the groups feature's subscription);
 * inside it, `useGroupGate()` guards an action, `runGated` tells a composer whether its write
 * went through, and `isGateError` tells a mutation which refusals the gate answers instead of a
 * toast.
 */
export { GroupGateProvider, useGroupGate } from './components/group-gate.tsx';
export { isGateError } from './utils/gate-errors.ts';
export { runGated } from './utils/run-gated.ts';
