/**
 * Our toast API: sonner's, with the spec's conventions applied. Import `toast` from here, never from
 * sonner, so every toast of the app goes through one place and shows in the one <Toaster />.
 *
 * Sonner is not part of a page's first load: toaster.tsx holds it and hands its API over when it
 * loads (provideSonner), which the first toast asks for. Until then toasts wait, in order, and
 * the shell mounts the Toaster (LazyToaster), which shows them as soon as it is there.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { ExternalToast, toast as SonnerToastApi } from 'sonner';

import { PROMISE_TOAST_TEXTS, TOASTS } from '#shared/constants/ui.ts';

/** Options of a toast: sonner's (description, action, id, duration, …). */
export type ToastOptions = ExternalToast;

type Message = ReactNode;
type SonnerApi = typeof SonnerToastApi;

/** Options of a promise toast: the three texts (each a text or a function of the result) and sonner's options. */
export type PromiseToastOptions<Data> = Parameters<typeof SonnerToastApi.promise<Data>>[1];

let sonner: SonnerApi | null = null;
const waiting: ((api: SonnerApi) => void)[] = [];
const toasterWanted = new Set<() => void>();
let isToasterWanted = false;
let nextId = 0;

/** Hands sonner's API to the toasts: those waiting run now, in order, and later ones at once. */
export function provideSonner(api: SonnerApi): void {
  sonner = api;
  for (const run of waiting.splice(0)) run(api);
}

/** Whether a toast has asked for the Toaster yet (the shell mounts it from then on). */
export function hasToasterBeenWanted(): boolean {
  return isToasterWanted;
}

/** Calls `onWanted` when the first toast asks for the Toaster; returns the unsubscribe. */
export function onToasterWanted(onWanted: () => void): () => void {
  toasterWanted.add(onWanted);
  return () => toasterWanted.delete(onWanted);
}

/** Runs `show` with sonner's API now if it is loaded, else once it is (loading it). */
function withSonner<T>(show: (api: SonnerApi) => T, whileLoading: T): T {
  if (sonner) return show(sonner);
  waiting.push((api) => void show(api));
  if (!isToasterWanted) {
    isToasterWanted = true;
    for (const notify of toasterWanted) notify();
    void import('./toaster.tsx');
  }
  return whileLoading;
}

/** The id a toast shown before sonner has loaded gets (sonner's own ids are numbers). */
function idFor(options?: ToastOptions): string | number {
  if (options?.id !== undefined) return options.id;
  nextId += 1;
  return `toast-${String(nextId)}`;
}

/** Shows a toast through sonner, giving it an id of its own when it has to wait for sonner. */
function queued(
  pick: (api: SonnerApi) => (message: Message, options?: ToastOptions) => string | number,
  message: Message,
  options?: ToastOptions,
): string | number {
  if (sonner) return pick(sonner)(message, options);
  const id = idFor(options);
  return withSonner((api) => pick(api)(message, { ...options, id }), id);
}

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
  return queued((api) => api, message, withSpecDuration(options));
}

/** Shows toasts in the app's <Toaster />: `toast('Saved')`, `toast.success(…)`, `toast.promise(…)`, … */
export const toast = Object.assign(show, {
  /** A plain toast (same as calling `toast()`). */
  message: (message: Message, options?: ToastOptions) =>
    queued((api) => api.message, message, withSpecDuration(options)),
  /** Something worked. */
  success: (message: Message, options?: ToastOptions) =>
    queued((api) => api.success, message, withSpecDuration(options)),
  /** Something failed. */
  error: (message: Message, options?: ToastOptions) => queued((api) => api.error, message, withSpecDuration(options)),
  /** Something to know. */
  info: (message: Message, options?: ToastOptions) => queued((api) => api.info, message, withSpecDuration(options)),
  /** Something to watch out for. */
  warning: (message: Message, options?: ToastOptions) =>
    queued((api) => api.warning, message, withSpecDuration(options)),
  /** A solid red toast for what cannot be undone (an item deleted, access denied). */
  destructive: (message: Message, options?: ToastOptions) =>
    queued((api) => api.error, message, {
      ...withSpecDuration(options),
      className: ['toast-destructive', options?.className].filter(Boolean).join(' '),
      style: { ...destructiveStyle, ...options?.style },
    }),
  /** A toast that stays until it is dismissed (the spec's duration 0). */
  persistent: (message: Message, options?: Omit<ToastOptions, 'duration'>) =>
    queued((api) => api, message, { ...options, duration: Number.POSITIVE_INFINITY }),
  /** A spinner toast while `promise` runs, then its success or error text ('Loading...', 'Success!', 'Something went wrong'). */
  promise: <Data>(
    promise: Promise<Data> | (() => Promise<Data>),
    options?: PromiseToastOptions<Data>,
  ): { unwrap: () => Promise<Data> } => {
    const texts = {
      loading: PROMISE_TOAST_TEXTS.loading,
      success: PROMISE_TOAST_TEXTS.success,
      error: PROMISE_TOAST_TEXTS.error,
      ...options,
    };
    if (sonner) return sonner.promise<Data>(promise, texts);
    // Sonner runs the promise (or calls the function) once it is there; unwrap waits for that.
    let shown: { unwrap: () => Promise<Data> } | undefined;
    const ready = new Promise<{ unwrap: () => Promise<Data> }>((resolve) => {
      withSonner((api) => {
        shown = api.promise<Data>(promise, { ...texts, id: texts.id ?? idFor() });
        resolve(shown);
      }, undefined);
    });
    return { unwrap: () => (shown ? shown.unwrap() : ready.then((result) => result.unwrap())) };
  },
  /** A spinner toast, to update later with the returned id. */
  loading: (message: Message, options?: ToastOptions) =>
    queued((api) => api.loading, message, withSpecDuration(options)),
  /** Closes one toast by id, or all of them. */
  dismiss: (id?: string | number) => {
    if (sonner) return sonner.dismiss(id);
    // Nothing shows before sonner has loaded: only waiting toasts can be dismissed.
    if (waiting.length > 0) waiting.push((api) => void api.dismiss(id));
    return id ?? '';
  },
});
