import { MailOutbox } from '#client/features/admin/components/mail-outbox.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/mail: the e-mail outbox (the admin layout lets administrators only in). */
export function AdminMailRoute() {
  useDocumentTitle('E-mail outbox');
  return <MailOutbox />;
}
