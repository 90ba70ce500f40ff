import { Link, useLocation } from 'react-router';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { GoogleSignInButton } from '#client/features/accounts/components/google-sign-in-button.tsx';
import { SignInForm } from '#client/features/accounts/components/sign-in-form.tsx';
import { safeNextPath, withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';
import { paths } from '#client/lib/paths.ts';

/** The global sign-in modal's dialog (sign-in-modal.tsx mounts it when it first opens). */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname, search } = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Sign in to Townhall</DialogTitle>
          <DialogDescription>
            Sign in to follow creators, subscribe to groups, and like, comment, ask and post.
          </DialogDescription>
        </DialogHeader>
        <GoogleSignInButton next={safeNextPath(`${pathname}${search}`)} />
        <SignInForm
          onSuccess={() => {
            onOpenChange(false);
            toast.success('Signed in', { id: 'signed-in' });
          }}
          onForgotPassword={() => onOpenChange(false)}
        />
        <p className="text-center text-sm text-muted-foreground">
          New to Townhall?{' '}
          <Link
            to={withNextPath(paths.signUp(), safeNextPath(`${pathname}${search}`))}
            onClick={() => onOpenChange(false)}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
