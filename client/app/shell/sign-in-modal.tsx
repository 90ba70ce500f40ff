import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { GoogleSignInButton } from '#client/features/accounts/components/google-sign-in-button.tsx';
import { SignInForm } from '#client/features/accounts/components/sign-in-form.tsx';
import { safeNextPath, withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';

/** Pages that show their own sign-in form, so the global modal stays away (spec section 2). */
export const PAGES_WITHOUT_SIGN_IN_MODAL = ['/', '/login'] as const;

/** Whether the global sign-in modal is mounted on `pathname`. */
export function hasSignInModal(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(PAGES_WITHOUT_SIGN_IN_MODAL as readonly string[]).includes(path);
}

type SignInModalState = {
  /** Opens the sign-in modal, or goes to the sign-in page where the modal is not mounted. */
  openSignIn: () => void;
};

const SignInModalContext = createContext<SignInModalState | null>(null);

/** One sign-in modal for the whole app, which any page can open. */
export function SignInModalProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const isMounted = hasSignInModal(pathname);

  const openSignIn = useCallback(() => {
    if (isMounted) setOpen(true);
    else void navigate('/login');
  }, [isMounted, navigate]);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInModalContext value={value}>
      {children}
      {isMounted ? (
        <Dialog open={isOpen} onOpenChange={setOpen}>
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
                setOpen(false);
                toast.success('Signed in', { id: 'signed-in' });
              }}
              onForgotPassword={() => setOpen(false)}
            />
            <p className="text-center text-sm text-muted-foreground">
              New to Townhall?{' '}
              <Link
                to={withNextPath('/signup', safeNextPath(`${pathname}${search}`))}
                onClick={() => setOpen(false)}
                className="font-medium text-link underline-offset-4 hover:underline"
              >
                Create an account
              </Link>
            </p>
          </DialogContent>
        </Dialog>
      ) : null}
    </SignInModalContext>
  );
}

/** Opens the global sign-in modal. */
export function useSignInModal(): SignInModalState {
  const state = use(SignInModalContext);
  if (!state) throw new Error('useSignInModal needs a SignInModalProvider');
  return state;
}
