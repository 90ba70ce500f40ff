import type { ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A `<time>` in the reader's format. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {dateTime.format(new Date(value))}
    </time>
  );
}

const BADGE_TONES = {
  neutral: 'bg-muted text-foreground',
  info: 'bg-info-soft text-info',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  error: 'bg-error-soft text-error',
} as const;

/** A small rounded label: a role, a status, a topic. */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', BADGE_TONES[tone])}
    >
      {children}
    </span>
  );
}

/** The heading and introduction of one admin page. */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </header>
  );
}

/** Buttons that choose one filter; the chosen one is pressed. */
export function FilterButtons<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={value === option.value ? 'default' : 'outline'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
