import { useId } from 'react';

import { cn } from '#client/lib/cn.ts';

import { Combobox, type ComboboxProps } from './combobox.tsx';
import { FieldTexts } from './field-texts.tsx';

/** Props of SelectWithSearch: the combobox's, with a visible label, a hint and an error. */
export type SelectWithSearchProps = Omit<
  ComboboxProps,
  'appearance' | 'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid'
> & {
  /** The visible label; it also names the control. */
  label: string;
  /** A line of help under the control. */
  hint?: string;
  /** An error under the control; marks it invalid. */
  error?: string;
  /** Classes of the wrapper (label, control, texts). */
  wrapperClassName?: string;
};

/**
 * A form field that picks one option with a search box: a label, the combobox styled as a select,
 * and its hint or error. The chosen value is submitted with the form under `name`. Same behaviour
 * and texts as Combobox.
 */
export function SelectWithSearch({ label, hint, error, id, wrapperClassName, ...props }: SelectWithSearchProps) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const labelId = `${triggerId}-label`;
  const hintId = `${triggerId}-hint`;
  const errorId = `${triggerId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="select-with-search" className={cn('grid gap-1.5', wrapperClassName)}>
      {/* htmlFor lets a click on the label open the picker; aria-labelledby names the button for every screen
          reader, some of which ignore a <label> once the button is re-roled as a combobox. */}
      <label id={labelId} htmlFor={triggerId} className="text-sm font-medium">
        {label}
      </label>
      <Combobox
        {...props}
        id={triggerId}
        appearance="field"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
      />
      <FieldTexts hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
