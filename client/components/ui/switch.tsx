import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';

import { cn } from '#client/lib/cn.ts';

/** An on/off switch (role 'switch'): Space or Enter flips it. Name it with a label or `aria-label`. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-sm transition-colors outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50',
        // Off is a border-coloured track that still stands out from the page in both themes.
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-background shadow-md ring-0 transition-transform',
          'data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </SwitchPrimitive.Root>
  );
}

/** Props of SwitchField: a switch's, with the label and a line that says what it does. */
export type SwitchFieldProps = Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children'> & {
  /** Names the switch. */
  label: string;
  /** Says what turning it on does; read out with the switch. */
  description?: ReactNode;
  /** Classes of the row. */
  wrapperClassName?: string;
};

/** A switch with its label on the left and its description under the label; the whole label toggles it. */
export function SwitchField({ label, description, wrapperClassName, id, disabled, ...props }: SwitchFieldProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
  return (
    <div
      data-slot="switch-field"
      data-disabled={disabled || undefined}
      className={cn('flex items-start justify-between gap-4', wrapperClassName)}
    >
      <div className="grid min-w-0 gap-0.5">
        {/* Dimmed by colour, not opacity, so the text keeps a readable contrast. */}
        <label
          htmlFor={switchId}
          className={cn('text-sm font-medium', disabled ? 'text-muted-foreground' : 'cursor-pointer')}
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={switchId}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className="mt-0.5"
        {...props}
      />
    </div>
  );
}
