import { AdminContent } from '#client/features/admin/components/admin-content.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/content: groups and content, removable (the admin layout lets administrators only in). */
export function AdminContentRoute() {
  useDocumentTitle('Groups and content · Administration');
  return (
    <div className="p-4 sm:p-6">
      <AdminContent />
    </div>
  );
}
