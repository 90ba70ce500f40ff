import { useState, type FormEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { useRequestPasswordReset } from '#client/features/accounts/api/request-password-reset.ts';
import { focusField } from '#client/features/accounts/utils/focus-field.ts';
import { SIGN_UP_MESSAGES } from '#shared/lib/username-rules.ts';

/** What the form checks before asking the server: an e-mail with an '@'. */
export function forgotPasswordEmailError(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed === '' || !trimmed.includes('@') ? SIGN_UP_MESSAGES.invalidEmail : undefined;
}

/** Props of ForgotPasswordForm. */
export type ForgotPasswordFormProps = {
  /** The e-mail to start with (the one typed into the sign-in form). */
  defaultEmail?: string;
};

/**
 * Asks for a link to choose a new password. Afterwards it says the same whether or not the
 * address has an account, as the server does, so nobody learns who is registered here.
 */
export function ForgotPasswordForm({ defaultEmail = '' }: ForgotPasswordFormProps) {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState(defaultEmail);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const error = hasSubmitted ? forgotPasswordEmailError(email) : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    setHasSubmitted(true);
    if (forgotPasswordEmailError(email)) {
      focusField(event.currentTarget, 'email');
      return;
    }
    const address = email.trim();
    request.mutate({ email: address }, { onSuccess: () => setSentTo(address) });
  }

  if (sentTo !== null) {
    return (
      <div className="grid gap-4">
        <Alert
          variant="success"
          title="Check your e-mail"
          description={
            <>
              If <span className="font-medium break-all">{sentTo}</span> belongs to a Townhall account, a link to choose
              a new password is on its way. The link works once, for one hour.
            </>
          }
        />
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Look in your spam folder, check the address, or ask again.
        </p>
        <Button
          variant="outline"
          className="w-full"
          onClick={() => {
            request.reset();
            setSentTo(null);
          }}
        >
          Send another link
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      {request.isError ? <Alert variant="error" description={request.error.message} /> : null}
      <TextInput
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="The address you signed up with."
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" className="w-full" isLoading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
