import { Bell, IdCard, UserRound, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';

/** The pages of /settings, in the order of its navigation. */
export const SETTINGS_PAGES: readonly { href: string; label: string; icon: LucideIcon }[] = [
  { href: paths.settings.profile(), label: 'Profile', icon: IdCard },
  { href: paths.settings.account(), label: 'Account', icon: UserRound },
  { href: paths.settings.notifications(), label: 'Notifications', icon: Bell },
];

/**
 * Shown instead of the settings to someone signed out. Arriving signed out (a link from an
 * e-mail, say), the sign-in modal opens over it at once; signing out right here does not.
 */
function SignInPrompt({ shouldOpenModal }: { shouldOpenModal: boolean }) {
  const { openSignIn } = useSignInModal();
  useEffect(() => {
    if (shouldOpenModal) openSignIn();
    // Once on arrival: closing the modal leaves the prompt and its button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="rounded-lg border bg-card p-6 text-card-foreground">
      <h2 className="text-lg font-semibold">Sign in to see your settings</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your profile, password and e-mail choices are here once you sign in.
      </p>
      <Button className="mt-4" onClick={openSignIn}>
        Sign in
      </Button>
    </div>
  );
}

/**
 * /settings/*: the heading, the navigation between the settings pages (a row of links on
 * phones, a column beside the page from 768 px) and the page. Signed out, it asks to sign in.
 */
export function SettingsLayout() {
  const { user, loading } = useSession();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  // Remembered while rendering (React's way to keep a value from earlier renders in state).
  if (user && !wasSignedIn) setWasSignedIn(true);

  let content;
  if (user) content = <Outlet />;
  else if (loading) content = <ListSkeleton rows={3} hasAvatar={false} label="Loading settings" />;
  else content = <SignInPrompt shouldOpenModal={!wasSignedIn} />;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row md:gap-10">
        <nav aria-label="Settings" className="md:w-48 md:shrink-0">
          <ul className="-mx-1 flex gap-1 overflow-x-auto border-b pb-2 md:mx-0 md:flex-col md:border-b-0 md:pb-0">
            {SETTINGS_PAGES.map(({ href, label, icon: Icon }) => (
              <li key={href}>
                <NavLink
                  to={href}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                      'outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60',
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{content}</div>
      </div>
    </div>
  );
}
