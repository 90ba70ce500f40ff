import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '#client/lib/paths.ts';

// The dialog and its form load when it first opens, not with every page.
const SignInDialog = lazy(async () => ({ default: (await import('./sign-in-dialog.tsx')).SignInDialog }));

/** Pages that show their own sign-in form, so the global modal stays away. */
export const PAGES_WITHOUT_SIGN_IN_MODAL: readonly string[] = [paths.home(), paths.login()];

/** Whether the global sign-in modal is mounted on `pathname`. */
export function hasSignInModal(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !PAGES_WITHOUT_SIGN_IN_MODAL.includes(path);
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
  // Stays true once opened, so the dialog can play its closing animation and reopen at once.
  const [hasOpened, setHasOpened] = useState(false);
  const isMounted = hasSignInModal(pathname);

  const openSignIn = useCallback(() => {
    if (isMounted) {
      setHasOpened(true);
      setOpen(true);
    } else void navigate(paths.login());
  }, [isMounted, navigate]);
  const value = useMemo(() => ({ openSignIn }), [openSignIn]);

  return (
    <SignInModalContext value={value}>
      {children}
      {isMounted && hasOpened ? (
        <Suspense fallback={null}>
          <SignInDialog open={isOpen} onOpenChange={setOpen} />
        </Suspense>
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
