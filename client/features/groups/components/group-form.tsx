import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SwitchField } from '#client/components/ui/switch.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { useSlugAvailability } from '#client/features/groups/api/check-slug.ts';
import {
  formFieldOf,
  GROUP_FORM_FIELDS,
  groupFieldErrors,
  type GroupFormField,
  type GroupFormValues,
} from '#client/features/groups/utils/group-form-checks.ts';
import { useDebouncedValue } from '#client/hooks/use-debounced-value.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIMITS } from '#shared/constants/limits.ts';
import { normalizeSlug, slugFromName } from '#shared/lib/slug-rules.ts';
import { OPEN_QUESTION_CAP } from '#shared/constants/fair-queue.ts';
import type { GroupSummary, GroupUpdateInput } from '#shared/schemas/groups.ts';

import { GroupImageField, type UploadGroupImage } from './group-image-field.tsx';

/** How long the slug must stay unchanged before the server is asked whether it is free. */
export const SLUG_CHECK_DELAY_MS = 400;

type FieldErrors = Partial<Record<GroupFormField, string>>;

/** The server's refusal as messages by field; what names no field stays for the alert. */
function serverErrorsOf(error: unknown): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) {
    return { fields: {}, message: error instanceof Error ? error.message : 'Something went wrong' };
  }
  if (error.code === 'slug_taken') return { fields: { slug: error.message }, message: null };
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    const field = formFieldOf(path);
    if (field) fields[field] = message;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}

/** The live Q&A settings of the fair queue (ama groups): anonymous questions, the cap, the fresh order. */
export type QueueSettings = Pick<GroupSummary, 'anonymousQuestions' | 'openQuestionCap' | 'freshOrder'>;

/** A new group's: none of them on. */
export const NO_QUEUE_SETTINGS: QueueSettings = { anonymousQuestions: false, openQuestionCap: null, freshOrder: false };

/** A group's saved settings. */
export function queueSettingsOf(group: GroupSummary): QueueSettings {
  return {
    anonymousQuestions: group.anonymousQuestions,
    openQuestionCap: group.openQuestionCap,
    freshOrder: group.freshOrder,
  };
}

/** Only the settings that changed, for PATCH. */
export function queueSettingChanges(values: QueueSettings, saved: QueueSettings): GroupUpdateInput {
  const changes: GroupUpdateInput = {};
  if (values.anonymousQuestions !== saved.anonymousQuestions) changes.anonymousQuestions = values.anonymousQuestions;
  if (values.openQuestionCap !== saved.openQuestionCap) changes.openQuestionCap = values.openQuestionCap;
  if (values.freshOrder !== saved.freshOrder) changes.freshOrder = values.freshOrder;
  return changes;
}

const { min: CAP_MIN, max: CAP_MAX } = OPEN_QUESTION_CAP;
/** The cap field's refusal (the server's limits). */
export const CAP_FIELD_ERROR = `Enter a whole number from ${CAP_MIN} to ${CAP_MAX}, or leave it empty for no cap.`;

/** The cap as typed: empty is no cap (null); anything but a whole number in range is undefined. */
export function parseCap(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const cap = Number(trimmed);
  return cap >= CAP_MIN && cap <= CAP_MAX ? cap : undefined;
}

/** The server's message about the cap, when it named that field. */
function capErrorOf(error: ApiError): string | undefined {
  const entry = Object.entries(error.fields ?? {}).find(([path]) => path.split('.').at(-1) === 'openQuestionCap');
  return entry?.[1];
}

/** Props of GroupForm. */
export type GroupFormProps = {
  /** The saved values (empty for a new group). */
  initialValues: GroupFormValues;
  /** The group being edited: its own slug counts as free. Null when creating. */
  groupId: string | null;
  upload: UploadGroupImage;
  /** The saved live Q&A settings (NO_QUEUE_SETTINGS for a new group). */
  initialQueueSettings?: QueueSettings;
  /** Sends the values; a rejection with the server's ApiError is shown by field. */
  onSubmit: (values: GroupFormValues, queue: QueueSettings) => Promise<void>;
  submitLabel: string;
  /** Beside the submit button, such as a Cancel link. */
  secondaryAction?: ReactNode;
};

/**
 * Name, slug, description, picture and the live Q&A switch with, for a live Q&A group, its queue's
 * settings: approval, anonymous questions, the cap on open questions per person and the fresh
 * order. When creating, the slug follows the name until it is edited. The slug is checked as
 * typed (length, characters, reserved words), then by the server once typing pauses; everything
 * is checked again on submit, and the server's refusal is shown by the field it names.
 */
export function GroupForm({
  initialValues,
  initialQueueSettings = NO_QUEUE_SETTINGS,
  groupId,
  upload,
  onSubmit,
  submitLabel,
  secondaryAction,
}: GroupFormProps) {
  const isEditing = groupId !== null;
  const [values, setValues] = useState(initialValues);
  // A new group's slug is suggested from its name until the person edits it.
  const [isSlugEdited, setSlugEdited] = useState(isEditing);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [queue, setQueue] = useState(initialQueueSettings);
  const [capText, setCapText] = useState(
    initialQueueSettings.openQuestionCap === null ? '' : String(initialQueueSettings.openQuestionCap),
  );
  const [capServerError, setCapServerError] = useState<string | undefined>(undefined);
  const cap = parseCap(capText);
  const capError = (values.ama && cap === undefined ? CAP_FIELD_ERROR : undefined) ?? capServerError;

  const slug = isSlugEdited ? values.slug : slugFromName(values.name);
  const current: GroupFormValues = { ...values, slug };
  const localErrors = groupFieldErrors(current);
  const normalized = normalizeSlug(slug);
  const debouncedSlug = useDebouncedValue(normalized, SLUG_CHECK_DELAY_MS);
  const isOwnSlug = isEditing && normalized === normalizeSlug(initialValues.slug);
  const shouldCheck = localErrors.slug === undefined && !isOwnSlug && debouncedSlug === normalized;
  const availability = useSlugAvailability(debouncedSlug, groupId, shouldCheck);
  const remoteSlugError =
    shouldCheck && availability.data && !availability.data.available
      ? (availability.data.message ?? GROUP_MESSAGES.slugTaken)
      : undefined;
  const isSlugFree = shouldCheck && availability.data?.available === true;

  // An empty slug or name is only an error once the person tried to submit; a wrong one shows at once.
  const slugError =
    (slug.trim() !== '' || hasSubmitted ? localErrors.slug : undefined) ?? remoteSlugError ?? serverErrors.slug;
  const errors: FieldErrors = {
    name: (hasSubmitted ? localErrors.name : undefined) ?? serverErrors.name,
    slug: slugError,
    description: localErrors.description ?? serverErrors.description,
    groupImage: serverErrors.groupImage,
  };

  function setField<K extends keyof GroupFormValues>(field: K, value: GroupFormValues[K]) {
    setValues((before) => ({ ...before, [field]: value }));
    if (field !== 'ama' && field !== 'questionsNeedApproval')
      setServerErrors((before) => ({ ...before, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isUploading) return;
    setHasSubmitted(true);
    setFailure(null);
    const firstInvalid =
      GROUP_FORM_FIELDS.find(
        (field) => localErrors[field] !== undefined || (field === 'slug' && remoteSlugError !== undefined),
      ) ?? (values.ama && cap === undefined ? 'openQuestionCap' : undefined);
    if (firstInvalid) {
      const element = event.currentTarget.elements.namedItem(firstInvalid);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await onSubmit(
        { ...current, name: current.name.trim(), slug: normalized },
        { ...queue, openQuestionCap: cap ?? null },
      );
    } catch (error) {
      const refused = serverErrorsOf(error);
      const capRefusal = error instanceof ApiError ? capErrorOf(error) : undefined;
      setCapServerError(capRefusal);
      setServerErrors(refused.fields);
      // a refusal that names only the cap shows under it, not in the alert too
      setFailure(capRefusal !== undefined && Object.keys(refused.fields).length === 0 ? null : refused.message);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-5">
      {failure ? <Alert variant="error" description={failure} /> : null}
      <TextInput
        name="name"
        label="Name"
        value={values.name}
        maxLength={GROUP_LIMITS.nameMax}
        error={errors.name}
        onChange={(event) => setField('name', event.target.value)}
      />
      <TextInput
        name="slug"
        label="Slug"
        hint={`The group's address: /group/${normalized || '…'}`}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={slug}
        maxLength={GROUP_LIMITS.slugMax}
        error={slugError}
        onChange={(event) => {
          setSlugEdited(true);
          setField('slug', event.target.value);
        }}
      />
      {isSlugFree && !slugError ? (
        <p className="-mt-3 inline-flex items-center gap-1 text-xs text-success" role="status">
          <CircleCheck aria-hidden className="size-3.5" />
          This slug is available
        </p>
      ) : null}
      <TextArea
        name="description"
        label="Description"
        hint="What the group is about, shown on its page."
        value={values.description}
        maxLength={GROUP_LIMITS.descriptionMax}
        error={errors.description}
        onChange={(event) => setField('description', event.target.value)}
      />
      <GroupImageField
        value={values.groupImage}
        name={values.name}
        upload={upload}
        error={errors.groupImage}
        onBusyChange={setIsUploading}
        onChange={(url) => setField('groupImage', url)}
      />
      <SwitchField
        label="Live Q&A (AMA) group"
        description="Subscribers can ask questions for the host to answer live."
        checked={values.ama}
        onCheckedChange={(checked) => setField('ama', checked)}
      />
      {values.ama ? (
        <fieldset className="grid gap-5">
          <legend className="sr-only">Question queue</legend>
          <SwitchField
            label="Questions wait for my approval"
            description="New questions show to others only once you approve them."
            checked={values.questionsNeedApproval}
            onCheckedChange={(checked) => setField('questionsNeedApproval', checked)}
          />
          <SwitchField
            label="Anonymous questions"
            description="People may ask without their name: everyone, you included, sees “Anonymous”."
            checked={queue.anonymousQuestions}
            onCheckedChange={(checked) => setQueue((before) => ({ ...before, anonymousQuestions: checked }))}
          />
          <SwitchField
            label="Fresh order first"
            description="The queue opens in the fresh order: votes weighed by age, so a late good question can rise above old favourites."
            checked={queue.freshOrder}
            onCheckedChange={(checked) => setQueue((before) => ({ ...before, freshOrder: checked }))}
          />
          <TextInput
            name="openQuestionCap"
            label="Open questions per person"
            hint={`The most unanswered questions one person may have in the queue at once (${CAP_MIN}–${CAP_MAX}); empty: no limit. You are never limited.`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            className="max-w-32"
            value={capText}
            error={capError}
            onChange={(event) => {
              setCapText(event.target.value);
              setCapServerError(undefined);
            }}
          />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting} disabled={isUploading}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
