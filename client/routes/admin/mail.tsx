import { useEffect } from 'react';

import { AdminGate } from '#client/features/admin/components/admin-gate.tsx';
import { MailOutbox } from '#client/features/admin/components/mail-outbox.tsx';

/** /admin/mail: the e-mail outbox, for administrators. */
export function AdminMailRoute() {
  useEffect(() => {
    document.title = 'E-mail outbox · Townhall';
  }, []);
  return (
    <AdminGate>
      <MailOutbox />
    </AdminGate>
  );
}
