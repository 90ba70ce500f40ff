import { ChangePasswordForm } from '#client/features/accounts/components/change-password-form.tsx';
import { CalendarFeedSettings } from '#client/features/calendar/components/calendar-feed-settings.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';

/** /settings/account: the account's e-mail address and the password change. */
export function AccountSettingsRoute() {
  const { user } = useSession();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="settings-email" className="grid gap-2">
        <h2 id="settings-email" className="text-lg font-semibold">
          Email
        </h2>
        <p className="text-sm text-muted-foreground">
          You sign in with <span className="font-medium break-all text-foreground">{user?.email}</span>.
        </p>
      </section>
      <section aria-labelledby="settings-password" className="grid max-w-md gap-4">
        <div className="grid gap-1">
          <h2 id="settings-password" className="text-lg font-semibold">
            Change password
          </h2>
          <p className="text-sm text-muted-foreground">
            Changing it signs you out on every other device; this browser stays signed in.
          </p>
        </div>
        <ChangePasswordForm />
      </section>
      <CalendarFeedSettings />
    </div>
  );
}
