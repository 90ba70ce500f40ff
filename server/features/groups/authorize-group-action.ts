import {
  GATE_TEXTS,
  PERMISSION_ERROR_CODES,
  SIGN_IN_TO_INTERACT,
  canSubscribe,
  checkPermission,
  type GroupRole,
  type InteractionAction,
  type InteractionTarget,
  type PermissionResult,
  type ReadAction,
} from '#shared/lib/permissions.ts';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from './find-group.ts';
import { presentAccess } from './presenter.ts';

/**
 * The error of a write the rule denied: 401 `unauthenticated` when only signing in is
 * missing, 403 `subscription_required` when subscribing would open it (the client opens the
 * subscribe gate), 403 `forbidden` otherwise, with the rule's reason or the gate's fallback.
 */
export function permissionDenied(role: GroupRole, result: PermissionResult): AppError {
  if (role === 'unknown' && result.requirements.includes('auth')) {
    return new AppError(401, PERMISSION_ERROR_CODES.unauthenticated, SIGN_IN_TO_INTERACT);
  }
  const message = result.reason ?? GATE_TEXTS.deniedFallback;
  // only a guest can subscribe: a subscriber the rule refuses would gain nothing from the gate
  if (result.requirements.includes('subscription') && canSubscribe(role)) {
    return new AppError(403, PERMISSION_ERROR_CODES.subscriptionRequired, message);
  }
  return new AppError(403, PERMISSION_ERROR_CODES.forbidden, message);
}

/**
 * The one place the server applies the permission rule (shared/lib/permissions.ts) to a write in a
 * group: loads the group and the viewer's role with `db` (pass the write's transaction, so
 * the role is read where the write happens), asks `checkPermission`, and throws 404 for a
 * missing group or the rule's 401/403. Returns the signed-in viewer, the role and the group.
 */
export async function authorizeGroupAction(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  action: InteractionAction;
  target: InteractionTarget;
  /** Lock the group row first (writes that move its counters; see loadGroupWithRelation). */
  lock?: boolean;
  /** The write's own values read in the same statement (see loadGroupWithRelation), as `extra`. */
  columns?: Record<string, SQL>;
}) {
  const { viewer } = options;
  const { group, relation, extra } = await loadGroupWithRelation(options);
  const access = presentAccess({ groupId: group.id, ownerId: group.ownerId, viewer, relation });
  const result = checkPermission(access.role, options.action, options.target);
  if (!result.allowed || !viewer) throw permissionDenied(access.role, result);
  return { viewer, group, relation, access, extra };
}

/**
 * The permission rule applied to a read in a group that signed-out people may make too (the
 * moderation ledger): loads the group and the viewer's role, asks `checkPermission`, and throws
 * 404 for a missing group or the rule's 401/403. Returns the group and the viewer's access.
 */
export async function authorizeGroupRead(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  action: ReadAction;
  target: InteractionTarget;
}) {
  const { group, relation } = await loadGroupWithRelation(options);
  const access = presentAccess({ groupId: group.id, ownerId: group.ownerId, viewer: options.viewer, relation });
  const result = checkPermission(access.role, options.action, options.target);
  if (!result.allowed) throw permissionDenied(access.role, result);
  return { group, access };
}
