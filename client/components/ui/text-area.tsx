import type { ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';
import { TEXT_AREA_MIN_ROWS } from '#shared/constants/ui.ts';

import { FieldChrome, fieldControlClassName, useCountedField, type FieldChromeProps } from './text-input.tsx';

/** Props of TextArea: a native textarea's, with label, hint, error and an optional counted maxLength. */
export type TextAreaProps = Omit<ComponentProps<'textarea'>, 'maxLength'> & FieldChromeProps;

/**
 * A labelled multi-line text field, at least TEXT_AREA_MIN_ROWS (3) rows high. With
 * `maxLength` it shows a live counter and turns invalid when the text is longer; as with TextInput,
 * the limit never reaches the native element, so nothing typed or pasted is cut off.
 */
export function TextArea({ className, rows, ...props }: TextAreaProps) {
  const { chrome, control, rest } = useCountedField(props);
  return (
    <FieldChrome {...chrome}>
      <textarea
        rows={Math.max(rows ?? TEXT_AREA_MIN_ROWS, TEXT_AREA_MIN_ROWS)}
        {...control}
        className={cn(fieldControlClassName, 'min-h-0 resize-y py-2 leading-normal', className)}
        {...rest}
      />
    </FieldChrome>
  );
}
