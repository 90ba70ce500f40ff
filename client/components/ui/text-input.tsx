import { useId, useState, type ChangeEvent, type ChangeEventHandler, type ComponentProps, type ReactNode } from 'react';

import { cn } from '#client/lib/cn.ts';

import { FieldTexts } from './field-texts.tsx';

/**
 * The counter starts speaking to screen readers from this share of the limit. Announcing every
 * keystroke from the first character would drown out what is being typed.
 */
const ANNOUNCE_FROM_RATIO = 0.9;

/** Classes shared by text inputs, text areas and the select trigger so fields look alike. */
export const fieldControlClassName = cn(
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-sm transition-colors',
  'placeholder:text-muted-foreground',
  'outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-error aria-invalid:focus-visible:ring-error',
);

/** Length of a field's text, whether the field is controlled (`value`) or not (`defaultValue`). */
export function useCharacterCount(
  value: ComponentProps<'input'>['value'],
  defaultValue: ComponentProps<'input'>['defaultValue'],
) {
  const [uncontrolledLength, setUncontrolledLength] = useState(() => String(defaultValue ?? '').length);
  // UTF-16 length, like the server's zod `.max()`, so the counter and the server agree on 'too long'.
  const length = value !== undefined ? String(value).length : uncontrolledLength;
  const track = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setUncontrolledLength(event.target.value.length);
  };
  return { length, track };
}

function spokenCount(length: number, maxLength: number): string {
  const over = length - maxLength;
  if (over > 0) return `${String(over)} ${over === 1 ? 'character' : 'characters'} over the limit`;
  const left = maxLength - length;
  return `${String(left)} ${left === 1 ? 'character' : 'characters'} left`;
}

/**
 * The live 'length / max' counter under a field: muted, red (text-error) once over the limit.
 * A separate polite live region speaks only near or over the limit.
 */
export function CharacterCounter({ id, length, maxLength }: { id: string; length: number; maxLength: number }) {
  const isOver = length > maxLength;
  const shouldAnnounce = isOver || length >= Math.ceil(maxLength * ANNOUNCE_FROM_RATIO);
  return (
    <>
      <p
        id={id}
        data-slot="character-counter"
        data-over-limit={isOver || undefined}
        className={cn('shrink-0 text-xs tabular-nums', isOver ? 'font-medium text-error' : 'text-muted-foreground')}
      >
        {length} / {maxLength}
      </p>
      <span className="sr-only" aria-live="polite">
        {shouldAnnounce ? spokenCount(length, maxLength) : ''}
      </span>
    </>
  );
}

/** What text inputs and text areas share around the control. */
export type FieldChromeProps = {
  /** The visible label; it also names the control. */
  label: string;
  /** Keeps the label for assistive technology only, where the context already shows it. */
  hideLabel?: boolean;
  /** A line of help under the control. */
  hint?: string;
  /** An error under the control; marks it invalid. */
  error?: string;
  /** Counts characters against this limit. Typing past it is allowed; the field turns invalid. */
  maxLength?: number;
  /** Classes of the wrapper (label, control, texts). */
  wrapperClassName?: string;
};

/** Ids and flags a field needs to wire its label, hint, error and counter. */
export function useFieldIds(
  id: string | undefined,
  { hint, error, maxLength }: Pick<FieldChromeProps, 'hint' | 'error' | 'maxLength'>,
  length: number,
) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const counterId = `${controlId}-counter`;
  const isOverLimit = maxLength !== undefined && length > maxLength;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, maxLength !== undefined ? counterId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return { controlId, hintId, errorId, counterId, describedBy, isOverLimit, isInvalid: Boolean(error) || isOverLimit };
}

/** Lays out label, control, and a row with hint or error on the left and the counter on the right. */
export function FieldChrome({
  controlId,
  hintId,
  errorId,
  counterId,
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  length,
  wrapperClassName,
  labelAside,
  children,
}: FieldChromeProps & {
  /** Beside the label, at the row's end: a link that belongs to the field ('Forgot password?'). */
  labelAside?: ReactNode;
  controlId: string;
  hintId: string;
  errorId: string;
  counterId: string;
  length: number;
  children: ReactNode;
}) {
  const hasFooter = Boolean(hint) || Boolean(error) || maxLength !== undefined;
  return (
    <div data-slot="field" className={cn('grid gap-1.5', wrapperClassName)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={controlId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
            {label}
          </label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={controlId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
          {label}
        </label>
      )}
      {children}
      {hasFooter ? (
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1">
            <FieldTexts hintId={hintId} hint={hint} errorId={errorId} error={error} />
          </div>
          {maxLength !== undefined ? <CharacterCounter id={counterId} length={length} maxLength={maxLength} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The props a counted field (TextInput, TextArea) takes for itself; the rest go to its native element. */
type CountedFieldProps<Control extends HTMLInputElement | HTMLTextAreaElement> = FieldChromeProps & {
  id?: string | undefined;
  value?: ComponentProps<'input'>['value'];
  defaultValue?: ComponentProps<'input'>['defaultValue'];
  onChange?: ChangeEventHandler<Control> | undefined;
  'aria-invalid'?: ComponentProps<'input'>['aria-invalid'];
};

/**
 * Splits a counted field's props: `chrome` for FieldChrome, `control` for the native element (its
 * id, value, the change that also counts, description and invalid state), and the rest, which the
 * element takes last.
 */
export function useCountedField<Control extends HTMLInputElement | HTMLTextAreaElement, Props extends object>({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  wrapperClassName,
  id,
  value,
  defaultValue,
  onChange,
  'aria-invalid': ariaInvalid,
  ...rest
}: CountedFieldProps<Control> & Props) {
  const { length, track } = useCharacterCount(value, defaultValue);
  const ids = useFieldIds(id, { hint, error, maxLength }, length);
  return {
    chrome: { ...ids, label, hideLabel, hint, error, maxLength, length, wrapperClassName },
    control: {
      id: ids.controlId,
      value,
      defaultValue,
      onChange: (event: ChangeEvent<Control>) => {
        track(event);
        onChange?.(event);
      },
      'aria-describedby': ids.describedBy,
      'aria-invalid': ids.isInvalid || ariaInvalid || undefined,
    },
    rest,
  };
}

/** Props of TextInput: a native input's, with label, hint, error and an optional counted maxLength. */
export type TextInputProps = Omit<ComponentProps<'input'>, 'maxLength'> & FieldChromeProps;

/**
 * A labelled single-line text field. With `maxLength` it shows a live counter
 * ('12 / 280') and turns invalid when the text is longer; the limit is deliberately not passed to
 * the native input, which would silently stop typing and truncate pastes.
 */
export function TextInput({ className, type = 'text', ...props }: TextInputProps) {
  const { chrome, control, rest } = useCountedField(props);
  return (
    <FieldChrome {...chrome}>
      <input type={type} {...control} className={cn(fieldControlClassName, 'h-9 py-1', className)} {...rest} />
    </FieldChrome>
  );
}
