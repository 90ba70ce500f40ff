import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';

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
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const isMounted = hasSignInModal(pathname);

  const openSignIn = useCallback(() => {
    if (hasSignInModal(window.location.pathname)) setOpen(true);
    else void navigate('/login');
  }, [navigate]);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInModalContext value={value}>
      {children}
      {isMounted ? (
        <Dialog open={isOpen} onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Sign in to Townhall</DialogTitle>
              <DialogDescription>
                Sign in to follow creators, subscribe to groups, and like, comment, ask and post.
              </DialogDescription>
            </DialogHeader>
            <div className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
              Accounts are being built: sign-up and sign-in with e-mail or Google will appear here.
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Not now
              </Button>
            </DialogFooter>
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
