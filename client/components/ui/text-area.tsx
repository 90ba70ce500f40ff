import type { ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';
import { TEXT_AREA_MIN_ROWS } from '#shared/constants/ui.ts';

import {
  FieldChrome,
  fieldControlClassName,
  useCharacterCount,
  useFieldIds,
  type FieldChromeProps,
} from './text-input.tsx';

/** Props of TextArea: a native textarea's, with label, hint, error and an optional counted maxLength. */
export type TextAreaProps = Omit<ComponentProps<'textarea'>, 'maxLength'> & FieldChromeProps;

/**
 * A labelled multi-line text field, at least TEXT_AREA_MIN_ROWS (3) rows high. With
 * `maxLength` it shows a live counter and turns invalid when the text is longer; as with TextInput,
 * the limit never reaches the native element, so nothing typed or pasted is cut off.
 */
export function TextArea({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  wrapperClassName,
  id,
  className,
  value,
  defaultValue,
  onChange,
  rows,
  'aria-invalid': ariaInvalid,
  ...props
}: TextAreaProps) {
  const { length, track } = useCharacterCount(value, defaultValue);
  const ids = useFieldIds(id, { hint, error, maxLength }, length);

  return (
    <FieldChrome
      {...ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      maxLength={maxLength}
      length={length}
      wrapperClassName={wrapperClassName}
    >
      <textarea
        id={ids.controlId}
        rows={Math.max(rows ?? TEXT_AREA_MIN_ROWS, TEXT_AREA_MIN_ROWS)}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => {
          track(event);
          onChange?.(event);
        }}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.isInvalid || ariaInvalid || undefined}
        className={cn(fieldControlClassName, 'min-h-0 resize-y py-2 leading-normal', className)}
        {...props}
      />
    </FieldChrome>
  );
}
