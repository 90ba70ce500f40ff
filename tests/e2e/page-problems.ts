import type { Page } from 'playwright-core';

/** Collects page errors, console errors and any request that leaves this machine. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed load names its resource only in the location: say which, to know what to fix.
    const where = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
    problems.push(`console error: ${message.text()}${where}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) {
      problems.push(`request outside the app: ${request.url()}`);
    }
  });
  return problems;
}
