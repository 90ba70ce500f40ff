import { useId, useRef, useState, type FormEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { fieldControlClassName, TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useSendContactMessage } from '#client/features/site/api/send-contact-message.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPIC_VALUES,
  ContactInputSchema,
  type ContactTopicValue,
} from '#shared/schemas/site.ts';

type Values = { name: string; email: string; topic: ContactTopicValue; message: string; website: string };
type Field = Exclude<keyof Values, 'website'>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['name', 'email', 'topic', 'message'];

/** The shared schema's first message per field, the same words the server would answer. */
function validate(values: Values): Errors {
  const result = ContactInputSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as string[]).includes(field)) errors[field as Field] ??= issue.message;
  }
  return errors;
}

/** The server's per-field messages (`body.email`) as the form's fields. */
function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const errors: Errors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.replace(/^body\./, '');
    if ((FIELDS as string[]).includes(field)) errors[field as Field] = message;
  }
  return errors;
}

/** Props of ContactForm. */
export type ContactFormProps = {
  /** The signed-in person's name and e-mail, filled in for them (they may change both). */
  defaultName?: string;
  defaultEmail?: string;
};

/**
 * The contact form: name, e-mail, topic and message, checked with the server's own schema
 * before sending. A hidden 'website' field catches bots (the server drops what fills it).
 */
export function ContactForm({ defaultName = '', defaultEmail = '' }: ContactFormProps) {
  const initial: Values = { name: defaultName, email: defaultEmail, topic: 'general', message: '', website: '' };
  const [values, setValues] = useState<Values>(initial);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [isSent, setIsSent] = useState(false);
  const send = useSendContactMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const topicId = useId();
  const websiteId = useId();

  const errors: Errors = { ...(hasSubmitted ? validate(values) : {}), ...serverErrors };
  const requestError = send.error && Object.keys(serverFieldErrors(send.error)).length === 0 ? send.error : null;

  const setField = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A changed field drops the server's word on it: removed, since an undefined entry would hide the form's own.
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasSubmitted(true);
    const found = validate(values);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    send.mutate(values, {
      onSuccess: () => {
        setIsSent(true);
        toast.success('Message sent', { description: 'The administrators will read it soon.' });
      },
      onError: (error) => setServerErrors(serverFieldErrors(error)),
    });
  };

  if (isSent) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" title={CONTACT_MESSAGES.sent}>
          <p className="mt-1">
            If your message needs an answer, it will come to {values.email}. Thank you for writing.
          </p>
        </Alert>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            setValues({ ...initial, name: values.name, email: values.email });
            setHasSubmitted(false);
            send.reset();
            setIsSent(false);
          }}
        >
          Write another message
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Contact the administrators"
      className="grid gap-5"
    >
      {requestError ? (
        <Alert variant="error" title="Your message was not sent" description={requestError.message} />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label="Your name"
          name="name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(event) => setField('name', event.target.value)}
        />
        <TextInput
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          hint="Only the administrators see it, to answer you."
          value={values.email}
          error={errors.email}
          onChange={(event) => setField('email', event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={topicId} className="text-sm font-medium">
          Topic
        </label>
        <select
          id={topicId}
          name="topic"
          value={values.topic}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={errors.topic ? `${topicId}-error` : undefined}
          onChange={(event) => setField('topic', event.target.value as ContactTopicValue)}
          className={cn(fieldControlClassName, 'h-9 sm:max-w-xs')}
        >
          {CONTACT_TOPIC_VALUES.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        {errors.topic ? (
          <p id={`${topicId}-error`} className="text-xs text-error">
            {errors.topic}
          </p>
        ) : null}
      </div>
      <TextArea
        label="Message"
        name="message"
        rows={8}
        maxLength={CONTACT_LIMITS.message}
        value={values.message}
        error={errors.message}
        onChange={(event) => setField('message', event.target.value)}
      />
      {/* Hidden from people and from assistive technology; a bot filling every field fills this too. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={websiteId}>Website (leave this empty)</label>
        <input
          id={websiteId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => setField('website', event.target.value)}
        />
      </div>
      <Button type="submit" isLoading={send.isPending} className="justify-self-start">
        Send message
      </Button>
    </form>
  );
}
