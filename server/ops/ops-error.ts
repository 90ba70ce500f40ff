/**
 * A failure of an operator command (backup, restore) whose message is one sentence for the
 * operator: printed as it is, without a stack (unless LOG_LEVEL=debug).
 */
export class OpsError extends Error {
  override name = 'OpsError';
}
