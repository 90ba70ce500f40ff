import { AdminMessages } from '#client/features/admin/components/admin-messages.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/messages: what people wrote through /contact (the admin layout lets administrators only in). */
export function AdminMessagesRoute() {
  useDocumentTitle('Contact messages · Administration');
  return (
    <div className="p-4 sm:p-6">
      <AdminMessages />
    </div>
  );
}
