import { Alert } from '#client/components/ui/alert.tsx';
import { EmailSettingsForm } from '#client/features/accounts/components/email-settings-form.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { DigestScheduleForm } from '#client/features/digest/components/digest-schedule-form.tsx';
import { EMAIL_SETTINGS_MESSAGES } from '#shared/constants/account-messages.ts';

/** /settings/notifications: which e-mails Townhall sends the signed-in person. */
export function NotificationSettingsRoute() {
  const { user } = useSession();
  const profile = user?.profile;
  return (
    <section aria-labelledby="settings-notifications" className="grid max-w-2xl gap-4">
      <div className="grid gap-1">
        <h2 id="settings-notifications" className="text-lg font-semibold">
          E-mail notifications
        </h2>
        <p className="text-sm text-muted-foreground">Choose what Townhall e-mails you. Changes are saved at once.</p>
      </div>
      {user && profile ? (
        <>
          <EmailSettingsForm userId={user.id} settings={profile.emailSettings} />
          <DigestScheduleForm
            isDigestOn={profile.emailSettings.weeklyDigest && !profile.emailSettings.unsubscribedAll}
          />
        </>
      ) : (
        // The settings live in the profile; without it (profile: null) there is nothing to show.
        <Alert
          variant="error"
          title={EMAIL_SETTINGS_MESSAGES.notFound}
          description="Your e-mail settings could not be loaded. Reload the page to try again."
        />
      )}
    </section>
  );
}
