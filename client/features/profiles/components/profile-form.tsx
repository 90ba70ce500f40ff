import { CircleCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { checkAvailability } from '#client/features/accounts/api/check-availability.ts';
import { useUpdateProfile } from '#client/features/profiles/api/update-profile.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  isSameUsername,
  profileChanges,
  profileFieldErrors,
  profileFormValues,
  type ProfileFormValues,
} from '#client/features/profiles/utils/profile-form-checks.ts';
import { PROFILE_LIMITS, USERNAME_MIN_LENGTH } from '#shared/constants/limits.ts';
import type { Profile } from '#shared/schemas/accounts.ts';

const FIELDS: readonly (keyof ProfileFormValues)[] = ['name', 'username', 'quote'];

/** Props of ProfileForm. */
export type ProfileFormProps = { userId: string; profile: Profile };

/** Where the server names a field of a refused update (`body.username`), the field's name. */
function fieldOf(path: string): keyof ProfileFormValues | null {
  const name = path.split('.').at(-1);
  return name === 'name' || name === 'username' || name === 'quote' ? name : null;
}

/**
 * Name, username and quote. The username gets sign-up's rules as it is typed (shown once the field
 * is left) and the server's early availability answer; keeping it unchanged is always fine. Only
 * changed fields are sent; the server's refusal is shown in its own words.
 */
export function ProfileForm({ userId, profile }: ProfileFormProps) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(() => profileFormValues(profile));
  const [values, setValues] = useState(saved);
  const [isUsernameTouched, setUsernameTouched] = useState(false);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [remote, setRemote] = useState<{ value: string; message: string | null } | null>(null);
  const [movedFrom, setMovedFrom] = useState<{ from: string; to: string } | null>(null);
  // Pressing Save blurs the username field; checking it then would shift the button under the pointer.
  const isPressingSubmit = useRef(false);

  const localErrors = profileFieldErrors(values, saved);
  const localUsernameError = localErrors.username;
  const remoteUsernameError =
    remote && remote.value === values.username.trim() && !isSameUsername(values.username, saved.username)
      ? (remote.message ?? undefined)
      : undefined;
  const serverFields = (update.error instanceof ApiError ? update.error.fields : undefined) ?? {};
  const serverFieldError = (field: keyof ProfileFormValues) =>
    Object.entries(serverFields).find(([path]) => fieldOf(path) === field)?.[1];
  const usernameError =
    isUsernameTouched || hasSubmitted
      ? (localUsernameError ?? remoteUsernameError ?? serverFieldError('username'))
      : undefined;
  const changes = profileChanges(values, saved);
  const hasChanges = Object.keys(changes).length > 0;

  function askServer() {
    const value = values.username.trim();
    if (localUsernameError || isSameUsername(value, saved.username) || remote?.value === value) return;
    void checkAvailability('username', value).then((message) => setRemote({ value, message }));
  }

  function setField(field: keyof ProfileFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    isPressingSubmit.current = false;
    if (update.isPending || !hasChanges) return;
    setHasSubmitted(true);
    const firstInvalid = FIELDS.find((field) => localErrors[field] !== undefined);
    if (firstInvalid) {
      const field = event.currentTarget.elements.namedItem(firstInvalid);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    const before = saved.username;
    update.mutate(
      { userId, changes },
      {
        onSuccess: (next) => {
          const nextValues = profileFormValues(next);
          setSaved(nextValues);
          setValues(nextValues);
          setHasSubmitted(false);
          setUsernameTouched(false);
          const hasMoved = next.username !== before;
          setMovedFrom(hasMoved ? { from: before, to: next.username } : null);
          toast.success('Profile saved', {
            description: hasMoved ? `Your profile is now at /${next.username}; /${before} keeps working.` : undefined,
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      {update.isError ? <Alert variant="error" description={update.error.message} /> : null}
      {movedFrom && !update.isError ? (
        <Alert
          variant="success"
          icon={<CircleCheck aria-hidden className="size-4" />}
          title={`Your username is now @${movedFrom.to}`}
          description={`Links to your old address, /${movedFrom.from}, keep working: they lead to /${movedFrom.to}.`}
          isDismissible
          onDismiss={() => setMovedFrom(null)}
          isOpen
        />
      ) : null}
      <TextInput
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        maxLength={PROFILE_LIMITS.nameMax}
        error={localErrors.name ?? serverFieldError('name')}
        onChange={(event) => setField('name', event.target.value)}
      />
      <TextInput
        name="username"
        label="Username"
        hint={`At least ${String(USERNAME_MIN_LENGTH)} characters: letters, numbers, underscores and hyphens. Your profile is at /${values.username.trim().toLowerCase() || '…'}.`}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={values.username}
        maxLength={PROFILE_LIMITS.usernameMax}
        error={usernameError}
        onChange={(event) => setField('username', event.target.value)}
        onBlur={() => {
          if (isPressingSubmit.current) {
            isPressingSubmit.current = false;
            return;
          }
          setUsernameTouched(true);
          askServer();
        }}
      />
      <TextArea
        name="quote"
        label="Quote"
        hint="A line about you, shown under your name."
        value={values.quote}
        maxLength={PROFILE_LIMITS.quoteMax}
        error={localErrors.quote ?? serverFieldError('quote')}
        onChange={(event) => setField('quote', event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          isLoading={update.isPending}
          disabled={!hasChanges}
          onPointerDown={() => {
            isPressingSubmit.current = true;
          }}
        >
          Save profile
        </Button>
        {hasChanges ? (
          <Button
            variant="ghost"
            onClick={() => {
              setValues(saved);
              setHasSubmitted(false);
              setUsernameTouched(false);
              update.reset();
            }}
          >
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
