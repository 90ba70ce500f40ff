import { UserCheck, UserPlus } from 'lucide-react';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useFollow, type FollowTarget } from '#client/features/profiles/api/follow.ts';
import { displayName } from '#client/lib/format.ts';

/** Props of FollowButton. */
export type FollowButtonProps = {
  person: FollowTarget;
  /** Whether the signed-in viewer follows them (ignored when signed out). */
  isFollowing: boolean;
  size?: ButtonProps['size'];
  className?: string;
};

/**
 * Follow or Unfollow someone. The change shows at once everywhere the person appears and is
 * taken back with a toast if the server refuses. Signed out, it opens the sign-in modal; on
 * one's own profile or row it is not shown.
 */
export function FollowButton({ person, isFollowing, size = 'sm', className }: FollowButtonProps) {
  const { user, loading } = useSession();
  const { openSignIn } = useSignInModal();
  const follow = useFollow(person.id);
  const who = displayName(person);

  if (user?.id === person.id) return null;
  if (!user) {
    return (
      <Button size={size} className={className} disabled={loading} onClick={openSignIn} aria-label={`Follow ${who}`}>
        <UserPlus aria-hidden />
        Follow
      </Button>
    );
  }

  const handleClick = () => follow.mutate({ person, follow: !isFollowing });
  return isFollowing ? (
    <Button size={size} variant="outline" className={className} onClick={handleClick} aria-label={`Unfollow ${who}`}>
      <UserCheck aria-hidden />
      Unfollow
    </Button>
  ) : (
    <Button size={size} className={className} onClick={handleClick} aria-label={`Follow ${who}`}>
      <UserPlus aria-hidden />
      Follow
    </Button>
  );
}
