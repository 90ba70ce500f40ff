import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';

/** Class names of a button; also used to style links and triggers as buttons. */
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap',
    'transition-colors outline-none select-none',
    // A ring (not only the global outline) so the focus stays visible on every variant and background.
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        cta: 'bg-primary font-semibold text-primary-foreground shadow-md hover:bg-primary-hover hover:shadow-lg',
        hero: 'rounded-full bg-primary font-semibold tracking-tight text-primary-foreground shadow-lg hover:bg-primary-hover hover:shadow-xl',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-link underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-11 px-6 text-base',
        icon: 'size-9',
      },
    },
    compoundVariants: [
      // The hero button is the one large call to action of a page: roomier than lg.
      { variant: 'hero', size: 'lg', className: 'h-12 px-8 text-lg' },
    ],
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** Props of Button: a native button's, the variants, `asChild` and `isLoading`. */
export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, a trigger) with the button's classes instead of a <button>. */
    asChild?: boolean;
    /** Shows a spinner, sets aria-busy and disables the button while an action runs. */
    isLoading?: boolean;
  };

/** A button in one of the kit's variants and sizes. */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  isLoading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);

  if (asChild) {
    // A slotted child is usually a link, which has no `disabled`: aria-disabled keeps it announced.
    return (
      <Slot.Root
        data-slot="button"
        className={classes}
        aria-busy={isLoading || undefined}
        aria-disabled={disabled || isLoading || undefined}
        {...props}
      >
        {children}
      </Slot.Root>
    );
  }

  return (
    <button
      data-slot="button"
      // Forms submit on any button without a type; ours only submit when asked to.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <LoaderCircle aria-hidden="true" className="animate-spin" data-slot="spinner" /> : null}
      {children}
    </button>
  );
}
