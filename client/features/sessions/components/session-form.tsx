import { useState, type FormEvent } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import { SessionInputSchema, type AmaSession, type SessionInput } from '#shared/schemas/sessions.ts';

import { fromLocalInputValue, toLocalInputValue } from '../utils/session-format.ts';

type Field = 'title' | 'description' | 'startsAt' | 'durationMinutes';
type Errors = Partial<Record<Field, string>>;

/** The form's values checked with the shared contract: the input, or one message per field. */
export function checkSessionForm(values: {
  title: string;
  description: string;
  startsAtLocal: string;
  duration: string;
}): { input: SessionInput; errors: null } | { input: null; errors: Errors } {
  const result = SessionInputSchema.safeParse({
    title: values.title,
    description: values.description,
    startsAt: fromLocalInputValue(values.startsAtLocal),
    durationMinutes: values.duration.trim() === '' ? Number.NaN : Number(values.duration),
  });
  if (result.success) return { input: result.data, errors: null };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { input: null, errors };
}

/**
 * Title, description, start (the viewer's local time) and duration of a session: scheduling
 * a new one, or editing one (`session`). Checked with the shared limits before it is sent.
 */
export function SessionForm({
  session,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  session?: AmaSession;
  submitLabel: string;
  onSubmit: (input: SessionInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(session?.title ?? '');
  const [description, setDescription] = useState(session?.description ?? '');
  const [startsAtLocal, setStartsAtLocal] = useState(session ? toLocalInputValue(session.startsAt) : '');
  const [duration, setDuration] = useState(String(session?.durationMinutes ?? 60));
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkSessionForm({ title, description, startsAtLocal, duration });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await onSubmit(checked.input);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <TextInput
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={SESSION_LIMITS.titleMax}
        error={errors.title}
        required
      />
      <TextArea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={SESSION_LIMITS.descriptionMax}
        error={errors.description}
        rows={4}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Starts at"
          type="datetime-local"
          value={startsAtLocal}
          onChange={(event) => setStartsAtLocal(event.target.value)}
          hint="In your time zone"
          error={errors.startsAt}
          required
        />
        <TextInput
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={SESSION_LIMITS.durationMin}
          max={SESSION_LIMITS.durationMax}
          step={5}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
          error={errors.durationMinutes}
          required
        />
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
