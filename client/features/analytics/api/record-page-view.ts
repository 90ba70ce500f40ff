import type { PageViewInput } from '#shared/schemas/analytics.ts';

/**
 * Sends one page view to our own server. sendBeacon survives the page being closed; the
 * Blob's JSON type matters, because the API refuses text/plain bodies.
 */
export function recordPageView(input: PageViewInput): void {
  const body = JSON.stringify(input);
  const url = '/api/analytics/page-views';
  try {
    if (typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(
      () => undefined,
    );
  } catch {
    // analytics must never break a page
  }
}
