import { AdminAuditLog } from '#client/features/admin/components/admin-audit-log.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/audit-log: every administrator action (the admin layout lets administrators only in). */
export function AdminAuditLogRoute() {
  useDocumentTitle('Audit log · Administration');
  return (
    <div className="p-4 sm:p-6">
      <AdminAuditLog />
    </div>
  );
}
