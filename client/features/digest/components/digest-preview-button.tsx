import { MailCheck } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';

import { useSendDigestPreview } from '../api/send-digest-preview.ts';

/**
 * "Send me a digest preview": the weekly digest as it would be for the administrator now, to
 * their own address, marked [Preview]. It never counts as their week's digest.
 */
export function DigestPreviewButton({ onSent }: { onSent?: () => void }) {
  const send = useSendDigestPreview();
  return (
    <Button
      variant="outline"
      size="sm"
      isLoading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: ({ sentTo }) => {
            toast.success('Digest preview sent', {
              description: `It goes to ${sentTo}, marked [Preview]. It does not count as your weekly digest.`,
            });
            onSent?.();
          },
          onError: (error) => {
            toast.error('The digest preview was not sent', { description: error.message });
          },
        })
      }
    >
      <MailCheck aria-hidden="true" />
      Send me a digest preview
    </Button>
  );
}
