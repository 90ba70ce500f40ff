import { AdminPageViews } from '#client/features/admin/components/admin-page-views.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/page-views: views per day and per page (the admin layout lets administrators only in). */
export function AdminPageViewsRoute() {
  useDocumentTitle('Page views · Administration');
  return (
    <div className="p-4 sm:p-6">
      <AdminPageViews />
    </div>
  );
}
