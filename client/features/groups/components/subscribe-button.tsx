import { BellPlus, BellRing } from 'lucide-react';
import { useRef } from 'react';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useSetSubscription } from '#client/features/groups/api/subscription.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

/**
 * Subscribe or Unsubscribe, as the viewer's access allows: 'Subscribe' when
 * canSubscribe, 'Unsubscribe' for a subscriber. Signed out, 'Subscribe' opens the sign-in modal.
 * Hosts and members have full access already and get nothing here.
 */
export function SubscribeButton({ groupId, access }: { groupId: string; access: GroupAccess | undefined }) {
  const { user, loading } = useSession();
  const { openSignIn } = useSignInModal();
  const subscription = useSetSubscription();
  const button = useRef<HTMLButtonElement>(null);

  if (!user) {
    return (
      <Button disabled={loading} onClick={openSignIn}>
        <BellPlus aria-hidden />
        Subscribe
      </Button>
    );
  }
  if (access?.isSubscribed || access?.canSubscribe) {
    const isSubscribed = access.isSubscribed;
    // One button that changes its words, not two: the one a keyboard user pressed keeps the focus.
    return (
      <Button
        ref={button}
        variant={isSubscribed ? 'outline' : 'default'}
        isLoading={subscription.isPending}
        onClick={() => {
          // The button is disabled while it works, which drops the focus of a keyboard user to
          // <body>: it comes back once the button is enabled again (unless they moved on).
          const hadFocus = document.activeElement === button.current;
          subscription.mutate(
            { groupId, subscribe: !isSubscribed },
            {
              onSettled: () => {
                const refocus = (frames: number) =>
                  requestAnimationFrame(() => {
                    const element = button.current;
                    if (!hadFocus || !element || document.activeElement !== document.body) return;
                    if (element.disabled && frames > 0) refocus(frames - 1);
                    else element.focus();
                  });
                refocus(10);
              },
            },
          );
        }}
      >
        {subscription.isPending ? null : isSubscribed ? <BellRing aria-hidden /> : <BellPlus aria-hidden />}
        {isSubscribed ? 'Unsubscribe' : 'Subscribe'}
      </Button>
    );
  }
  return null;
}
