import type { GatedAction } from '#client/features/gate/hooks/use-gated-action.ts';
import type { InteractionAction, InteractionTarget } from '#shared/lib/permissions.ts';

/** Thrown when a gated write did not happen (refused, gated, or failed): a composer keeps its text. */
export class NotSentError extends Error {
  constructor() {
    super('Not sent');
    this.name = 'NotSentError';
  }
}

/**
 * Runs `fn` through the group's gate and rejects unless it completed. The gate itself never
 * rejects (it opens the sign-in modal or the subscribe gate, or shows 'Access Denied'), but a
 * composer needs to know whether to empty its field.
 */
export async function runGated(
  gate: GatedAction['run'],
  action: InteractionAction,
  target: InteractionTarget,
  fn: () => Promise<unknown>,
): Promise<void> {
  let isDone = false;
  await gate(action, target, async () => {
    await fn();
    isDone = true;
  });
  if (!isDone) throw new NotSentError();
}
