import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';

/** Props of TextComposer. */
export type TextComposerProps = {
  /** The field's accessible name (shown as a placeholder-like label when `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  maxLength: number;
  submitLabel: string;
  /**
   * Sends the text. The field empties when it resolves, or when `clear` is called: a write the
   * subscribe gate holds completes later, after the person subscribes.
   */
  onSubmit: (body: string, clear: () => void) => Promise<unknown> | void;
  onCancel?: () => void;
  initialValue?: string;
  placeholder?: string;
  /** When the viewer may not write here: the field is read-only and a click asks the gate. */
  onBlocked?: (() => void) | undefined;
  rows?: number;
  /** A line under the field that describes it (its aria-describedby). */
  hint?: string;
  /**
   * Focuses the field as the composer first draws, the caret after its text (an edit goes on where
   * the text ends). Done here, not by the field's `autofocus`: the client runs on Preact (decision
   * 023), which only writes the attribute, and a browser honours it once per page, never after
   * the person focused something, so a composer opened by a click or a key would leave focus behind.
   */
  autoFocus?: boolean;
  /** Extra content under the field (similar questions). */
  onTextChange?: (text: string) => void;
};

/**
 * A counted text field with its submit button, for comments, replies, answers and edits. An
 * empty text or one over the limit is not sent.
 */
export function TextComposer({
  label,
  hideLabel = true,
  maxLength,
  submitLabel,
  onSubmit,
  onCancel,
  initialValue = '',
  placeholder,
  onBlocked,
  rows,
  hint,
  autoFocus,
  onTextChange,
}: TextComposerProps) {
  const [text, setText] = useState(initialValue);
  const [isSending, setIsSending] = useState(false);
  const isSendingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const field = autoFocus ? formRef.current?.querySelector('textarea') : null;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    // on the first draw only: a composer that stays open keeps where the person put focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const isValid = text.trim() !== '' && text.length <= maxLength;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (onBlocked) {
      onBlocked();
      return;
    }
    if (!isValid || isSendingRef.current) return;
    isSendingRef.current = true;
    setIsSending(true);
    const clear = () => {
      setText('');
      onTextChange?.('');
    };
    try {
      await onSubmit(text.trim(), clear);
      if (initialValue === '') clear();
    } catch {
      // The mutation's toast says what went wrong; the text stays for another try.
    } finally {
      isSendingRef.current = false;
      setIsSending(false);
      // The button is disabled while sending and again once the field is empty, which drops the
      // focus of a keyboard user to <body>: after that render it goes back to the field.
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) form.querySelector('textarea')?.focus();
      });
    }
  }

  return (
    <form ref={formRef} className="grid gap-2" onSubmit={(event) => void handleSubmit(event)}>
      <TextArea
        label={label}
        hideLabel={hideLabel}
        placeholder={placeholder ?? label}
        value={text}
        maxLength={maxLength}
        rows={rows}
        hint={hint}
        readOnly={onBlocked !== undefined}
        onClick={onBlocked}
        onKeyDown={(event) => {
          if (onBlocked && event.key !== 'Tab') onBlocked();
        }}
        onChange={(event) => {
          setText(event.target.value);
          onTextChange?.(event.target.value);
        }}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" isLoading={isSending} disabled={!onBlocked && !isValid}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
