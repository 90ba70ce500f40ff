import type { Transaction } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';
import type { Admin } from './require-admin.ts';

/** One line of the audit log, written in the transaction of the action it records. */
export async function recordAudit(
  tx: Transaction,
  admin: Admin,
  entry: {
    action: string;
    targetType: string;
    targetId: string;
    /** A line a person reads: 'Disabled @ana (ana@example.com)'. */
    summary: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminId: admin.id, adminEmail: admin.email, details: {}, ...entry });
}

/** Text cut to `length` characters on one line, for a summary. */
export function excerpt(text: string, length = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
