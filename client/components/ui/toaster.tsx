import { useSyncExternalStore, type CSSProperties } from 'react';
import { toast as sonnerToast, Toaster as Sonner } from 'sonner';

import { TOASTS } from '#shared/constants/ui.ts';

import { provideSonner } from './toast.ts';

// This module is what brings sonner: from now on toast() shows at once, and waiting toasts show.
provideSonner(sonnerToast);

type Theme = 'light' | 'dark';

// The theme is the `dark` class on <html> (set by index.html and the theme toggle); watching the
// class keeps the toasts in step with the page whoever changes it.
function subscribeToThemeClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function readThemeClass(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function readServerTheme(): Theme {
  return 'light';
}

/** Light or dark, following the `dark` class on <html>. */
function useDocumentTheme(): Theme {
  return useSyncExternalStore(subscribeToThemeClass, readThemeClass, readServerTheme);
}

// Sonner's colours come from CSS variables on the toaster; pointing them at our tokens makes the toasts
// match the rest of the kit in both themes. Typed toasts sit on the popover colour under their soft
// tint, because the dark soft tints are translucent and page text would show through.
function tinted(token: string): string {
  return `linear-gradient(var(--th-${token}-soft), var(--th-${token}-soft)), var(--th-popover)`;
}

const toasterStyle = {
  '--width': `${String(TOASTS.widthPx)}px`,
  '--normal-bg': 'var(--th-popover)',
  '--normal-bg-hover': 'var(--th-accent)',
  '--normal-border': 'var(--th-border)',
  '--normal-border-hover': 'var(--th-input)',
  '--normal-text': 'var(--th-popover-foreground)',
  '--success-bg': tinted('success'),
  '--success-border': 'var(--th-border)',
  '--success-text': 'var(--th-success)',
  '--info-bg': tinted('info'),
  '--info-border': 'var(--th-border)',
  '--info-text': 'var(--th-info)',
  '--warning-bg': tinted('warning'),
  '--warning-border': 'var(--th-border)',
  '--warning-text': 'var(--th-warning)',
  '--error-bg': tinted('error'),
  '--error-border': 'var(--th-border)',
  '--error-text': 'var(--th-error)',
  fontFamily: 'inherit',
} as CSSProperties;

/** The one place toasts appear; mount it once, near the root. Show toasts with `toast` from toast.ts. */
export function Toaster() {
  const theme = useDocumentTheme();
  return (
    <Sonner
      theme={theme}
      position={TOASTS.position}
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visibleToasts}
      gap={TOASTS.gapPx}
      hotkey={[...TOASTS.hotkey]}
      richColors
      closeButton
      style={toasterStyle}
      toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
    />
  );
}
