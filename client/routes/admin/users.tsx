import { AdminUsers } from '#client/features/admin/components/admin-users.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/users: search accounts, disable and enable them (the admin layout lets administrators only in). */
export function AdminUsersRoute() {
  useDocumentTitle('Users · Administration');
  return (
    <div className="p-4 sm:p-6">
      <AdminUsers />
    </div>
  );
}
