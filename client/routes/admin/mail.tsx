import { useQueryClient } from '@tanstack/react-query';

import { MailOutbox } from '#client/features/admin/components/mail-outbox.tsx';
import { DigestPreviewButton } from '#client/features/digest/components/digest-preview-button.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /admin/mail: the e-mail outbox (the admin layout lets administrators only in), and a digest preview. */
export function AdminMailRoute() {
  useDocumentTitle('E-mail outbox');
  const queryClient = useQueryClient();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-end gap-2 px-4 pt-4 sm:px-6">
        <p className="text-sm text-muted-foreground">See the weekly digest as it would be for you now:</p>
        {/* the preview is queued at once: the outbox below shows it */}
        <DigestPreviewButton onSent={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'mail'] })} />
      </div>
      <MailOutbox />
    </div>
  );
}
