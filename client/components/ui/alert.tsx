import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, CircleX, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/** Class names of an alert box per variant. */
export const alertVariants = cva('relative flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    variant: {
      default: 'border-border bg-card text-card-foreground',
      success: 'border-success/30 bg-success-soft',
      error: 'border-error/30 bg-error-soft',
      warning: 'border-warning/30 bg-warning-soft',
      info: 'border-info/30 bg-info-soft',
    },
  },
  defaultVariants: { variant: 'default' },
});

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const ICONS: Record<AlertVariant, LucideIcon> = {
  default: CircleAlert,
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
};

// The title and icon carry the variant's colour; the description stays in the body colour to read well.
const ACCENT: Record<AlertVariant, string> = {
  default: 'text-foreground',
  success: 'text-success',
  error: 'text-error',
  warning: 'text-warning',
  info: 'text-info',
};

/** Props of Alert: a div's (without its string `title`), the variant, texts and the dismiss control. */
export type AlertProps = Omit<ComponentProps<'div'>, 'title'> &
  VariantProps<typeof alertVariants> & {
    /** Bold first line. */
    title?: ReactNode;
    /** Body text; `children` are shown after it. */
    description?: ReactNode;
    /** Replaces the variant's icon; `null` shows none. */
    icon?: ReactNode;
    /** Shows a Dismiss button. */
    isDismissible?: boolean;
    /** Controlled visibility; leave undefined to let the alert hide itself when dismissed. */
    isOpen?: boolean;
    /** Called when the Dismiss button is pressed. */
    onDismiss?: () => void;
  };

/** An inline message in one of five variants, optionally dismissible. */
export function Alert({
  className,
  variant,
  title,
  description,
  icon,
  isDismissible = false,
  isOpen,
  onDismiss,
  children,
  ...props
}: AlertProps) {
  const [isDismissed, setIsDismissed] = useState(false);
  const isVisible = isOpen ?? !isDismissed;
  if (!isVisible) return null;

  const kind = variant ?? 'default';
  const Icon = ICONS[kind];
  // Errors and warnings interrupt a screen reader; the others wait their turn.
  const role = kind === 'error' || kind === 'warning' ? 'alert' : 'status';

  function handleDismiss() {
    if (isOpen === undefined) setIsDismissed(true);
    onDismiss?.();
  }

  return (
    <div
      data-slot="alert"
      data-variant={kind}
      role={role}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {icon === undefined ? <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', ACCENT[kind])} /> : icon}
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className={cn('leading-5 font-semibold', ACCENT[kind])}>{title}</p> : null}
        {description ? <div className="leading-5 text-foreground/90">{description}</div> : null}
        {children}
      </div>
      {isDismissible ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Dismiss"
          className="-my-1 -mr-2 size-7 text-current hover:bg-foreground/10"
          onClick={handleDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
