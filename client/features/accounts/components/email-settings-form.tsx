import { useState } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { SwitchField } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useUpdateEmailSettings } from '#client/features/accounts/api/update-email-settings.ts';
import type { EmailSettings } from '#shared/constants/accounts.ts';

type EmailSettingKey = keyof EmailSettings;

/** How one flag is shown: its label and what turning it on means. */
type SettingText = { key: EmailSettingKey; label: string; description: string };

/** The e-mail flags of a profile in groups, each with its label and description. */
export const EMAIL_SETTING_GROUPS: readonly { id: string; title: string; settings: readonly SettingText[] }[] = [
  {
    id: 'activity',
    title: 'Activity',
    settings: [
      { key: 'newAnswers', label: 'New answers', description: 'When a host answers a question you asked.' },
      { key: 'newQuestions', label: 'New questions', description: 'When someone asks a question in a group you host.' },
      {
        key: 'newAMAs',
        label: 'New live Q&As',
        description: 'When a creator you follow or subscribe to announces a live Q&A.',
      },
      { key: 'newFollowers', label: 'New followers', description: 'When someone starts following you.' },
    ],
  },
  {
    id: 'news',
    title: 'News from Townhall',
    settings: [
      { key: 'weeklyDigest', label: 'Weekly digest', description: 'Once a week, what happened in your groups.' },
      { key: 'productUpdates', label: 'Product updates', description: 'New features and changes to Townhall.' },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    settings: [
      { key: 'welcome', label: 'Welcome e-mail', description: 'A short guide to Townhall, after you sign up.' },
      {
        key: 'passwordReset',
        label: 'Password reset',
        description: 'Always sent when you ask for one: it is how you get back into your account.',
      },
    ],
  },
];

/** Flags the person cannot turn off here: a reset they asked for is always sent (see the server's mail rules). */
const ALWAYS_ON: ReadonlySet<EmailSettingKey> = new Set(['passwordReset']);

/** Props of EmailSettingsForm. */
export type EmailSettingsFormProps = {
  userId: string;
  /** The profile's current settings (from the session). */
  settings: EmailSettings;
};

/**
 * The nine e-mail flags as switches. Each flip is saved at once and shown before the server
 * answers; a refusal puts the switch back and shows the server's message.
 * 'Unsubscribe from all' stops every e-mail except password reset, so it greys out the others
 * while it is on (their own values are kept for when it is turned off).
 */
export function EmailSettingsForm({ userId, settings }: EmailSettingsFormProps) {
  const update = useUpdateEmailSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const isAllOff = settings.unsubscribedAll;

  function handleChange(key: EmailSettingKey, value: boolean) {
    setFailure(null);
    update.mutate(
      { userId, changes: { [key]: value } },
      {
        onError: (error) => {
          setFailure(error.message);
          toast.error('Your e-mail settings were not saved', { description: error.message });
        },
      },
    );
  }

  return (
    <div className="grid gap-6">
      {failure ? (
        <Alert variant="error" isDismissible onDismiss={() => setFailure(null)} isOpen description={failure} />
      ) : null}
      <section aria-labelledby="email-settings-all" className="rounded-lg border bg-card p-4">
        <h3 id="email-settings-all" className="sr-only">
          All e-mail
        </h3>
        <SwitchField
          label="Unsubscribe from all e-mail"
          description="Stops every e-mail except password reset."
          checked={isAllOff}
          onCheckedChange={(value) => handleChange('unsubscribedAll', value)}
        />
      </section>
      {EMAIL_SETTING_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`email-settings-${group.id}`} className="grid gap-3">
          <h3 id={`email-settings-${group.id}`} className="text-base font-semibold">
            {group.title}
          </h3>
          <div className="grid gap-4 rounded-lg border p-4">
            {group.settings.map(({ key, label, description }) => {
              const isAlwaysOn = ALWAYS_ON.has(key);
              return (
                <SwitchField
                  key={key}
                  label={label}
                  description={description}
                  checked={isAlwaysOn || settings[key]}
                  disabled={isAlwaysOn || isAllOff}
                  onCheckedChange={(value) => handleChange(key, value)}
                />
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
