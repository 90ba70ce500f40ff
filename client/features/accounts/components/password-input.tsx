import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import {
  FieldChrome,
  fieldControlClassName,
  useFieldIds,
  type TextInputProps,
} from '#client/components/ui/text-input.tsx';
import { cn } from '#client/lib/cn.ts';

/** Props of PasswordInput: a text input's, without `type` (the toggle owns it) and the counter. */
export type PasswordInputProps = Omit<TextInputProps, 'type' | 'maxLength'> & {
  /** Beside the label: a link that belongs to the field ('Forgot password?'). */
  labelAside?: ReactNode;
};

/** A labelled password field with a 'Show password' toggle, so people can check what they typed. */
export function PasswordInput({
  label,
  hideLabel,
  hint,
  error,
  wrapperClassName,
  labelAside,
  id,
  className,
  'aria-invalid': ariaInvalid,
  ...props
}: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  const ids = useFieldIds(id, { hint, error }, 0);
  const Icon = isVisible ? EyeOff : Eye;

  return (
    <FieldChrome
      {...ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      length={0}
      wrapperClassName={wrapperClassName}
      labelAside={labelAside}
    >
      <div className="relative">
        <input
          id={ids.controlId}
          type={isVisible ? 'text' : 'password'}
          // Shown as text, a password must not reach a spell-checking service or be "corrected".
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          aria-describedby={ids.describedBy}
          aria-invalid={ids.isInvalid || ariaInvalid || undefined}
          className={cn(fieldControlClassName, 'h-9 py-1 pr-10', className)}
          {...props}
        />
        <Button
          variant="ghost"
          size="icon"
          className="absolute inset-y-0 right-0 h-9 rounded-l-none text-muted-foreground hover:bg-transparent hover:text-foreground"
          aria-label="Show password"
          aria-pressed={isVisible}
          aria-controls={ids.controlId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          <Icon aria-hidden="true" />
        </Button>
      </div>
    </FieldChrome>
  );
}
