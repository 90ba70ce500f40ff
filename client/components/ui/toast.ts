/**
 * Our toast API: sonner's, with the spec's conventions applied. Import `toast` from here, never from
 * sonner, so every toast of the app goes through one place and shows in the one <Toaster />.
 */
import type { CSSProperties, ReactNode } from 'react';
import { toast as sonnerToast, type ExternalToast } from 'sonner';

import { PROMISE_TOAST_TEXTS, TOASTS } from '#shared/constants/ui.ts';

/** Options of a toast: sonner's (description, action, id, duration, …). */
export type ToastOptions = ExternalToast;

type Message = ReactNode;

/** Options of a promise toast: the three texts (each a text or a function of the result) and sonner's options. */
export type PromiseToastOptions<Data> = Parameters<typeof sonnerToast.promise<Data>>[1];

// The spec says duration 0 keeps a toast; sonner reads 0 as "use the default" and wants Infinity.
function withSpecDuration(options?: ToastOptions): ToastOptions | undefined {
  if (options?.duration === TOASTS.persistentDuration) return { ...options, duration: Number.POSITIVE_INFINITY };
  return options;
}

// Sonner's stylesheet colours a toast from these variables, so a solid red one only needs new values
// (utility classes would lose to sonner's own, unlayered rules).
const destructiveStyle = {
  '--normal-bg': 'var(--th-destructive)',
  '--normal-border': 'var(--th-destructive)',
  '--normal-text': 'var(--th-destructive-foreground)',
  '--error-bg': 'var(--th-destructive)',
  '--error-border': 'var(--th-destructive)',
  '--error-text': 'var(--th-destructive-foreground)',
} as CSSProperties;

function show(message: Message, options?: ToastOptions): string | number {
  return sonnerToast(message, withSpecDuration(options));
}

/** Shows toasts in the app's <Toaster />: `toast('Saved')`, `toast.success(…)`, `toast.promise(…)`, … */
export const toast = Object.assign(show, {
  /** A plain toast (same as calling `toast()`). */
  message: (message: Message, options?: ToastOptions) => sonnerToast.message(message, withSpecDuration(options)),
  /** Something worked. */
  success: (message: Message, options?: ToastOptions) => sonnerToast.success(message, withSpecDuration(options)),
  /** Something failed. */
  error: (message: Message, options?: ToastOptions) => sonnerToast.error(message, withSpecDuration(options)),
  /** Something to know. */
  info: (message: Message, options?: ToastOptions) => sonnerToast.info(message, withSpecDuration(options)),
  /** Something to watch out for. */
  warning: (message: Message, options?: ToastOptions) => sonnerToast.warning(message, withSpecDuration(options)),
  /** A solid red toast for what cannot be undone (an item deleted, access denied). */
  destructive: (message: Message, options?: ToastOptions) =>
    sonnerToast.error(message, {
      ...withSpecDuration(options),
      className: ['toast-destructive', options?.className].filter(Boolean).join(' '),
      style: { ...destructiveStyle, ...options?.style },
    }),
  /** A toast that stays until it is dismissed (the spec's duration 0). */
  persistent: (message: Message, options?: Omit<ToastOptions, 'duration'>) =>
    sonnerToast(message, { ...options, duration: Number.POSITIVE_INFINITY }),
  /** A spinner toast while `promise` runs, then its success or error text ('Loading...', 'Success!', 'Something went wrong'). */
  promise: <Data>(promise: Promise<Data> | (() => Promise<Data>), options?: PromiseToastOptions<Data>) =>
    sonnerToast.promise<Data>(promise, {
      loading: PROMISE_TOAST_TEXTS.loading,
      success: PROMISE_TOAST_TEXTS.success,
      error: PROMISE_TOAST_TEXTS.error,
      ...options,
    }),
  /** A spinner toast, to update later with the returned id. */
  loading: (message: Message, options?: ToastOptions) => sonnerToast.loading(message, withSpecDuration(options)),
  /** Closes one toast by id, or all of them. */
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
});
